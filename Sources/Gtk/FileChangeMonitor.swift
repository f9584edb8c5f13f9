import CGtk

/// Tells when one file is created, changed, replaced or deleted (GIO's monitor: git's index,
/// rewritten by every `git add`, commit, checkout and stash by a rename over it).
@MainActor
public final class FileChangeMonitor {
    private let monitor: Object?

    public init(path: String, changed: @escaping @MainActor () -> Void) {
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        if let raw = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) {
            let monitor = Object(UnsafeMutableRawPointer(raw), ownership: .adopt)
            monitor.connectFileMonitorChanged(changed)
            self.monitor = monitor
        } else {
            monitor = nil
        }
    }

    isolated deinit {
        if let monitor { g_file_monitor_cancel(monitor.raw.assumingMemoryBound(to: GFileMonitor.self)) }
    }
}
