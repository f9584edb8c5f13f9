import CGtk

/// GLib's memory monitor (GMemoryMonitor: the low-memory-monitor daemon, or the portal inside a
/// sandbox), which says when the system runs short of memory and apps should give some back.
@MainActor
public final class MemoryMonitor: Object {
    /// The process's monitor; it warns only where a daemon or portal provides the warnings.
    public static func systemDefault() -> MemoryMonitor? {
        guard let monitor = g_memory_monitor_dup_default() else { return nil }
        return MemoryMonitor(UnsafeMutableRawPointer(monitor), ownership: .adopt)
    }

    /// Calls `handler` on each low-memory warning, whatever its level (all ask to free what can be).
    public func onLowMemory(_ handler: @escaping @MainActor () -> Void) {
        connectInt("low-memory-warning") { _ in handler() }  // the level: an enum, an int in C
    }
}
