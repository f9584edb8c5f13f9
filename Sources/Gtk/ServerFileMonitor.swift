import Background
import CGtk

/// GIO's monitor of a file on a server, where its GVfs backend has one of its own (MTP, Google
/// Drive, admin://…; sftp, smb, dav and ftp have none). Where a backend has none, GIO would
/// poll the modification time every 5 s (`GPollFileMonitor`): then there is no monitor here, and
/// the app's own looks (which compare the server's tag, size and time) follow the file.
@MainActor
public final class ServerFileMonitor: Object {
    /// Makes a monitor for `uri` off the main thread (asking GVfs's daemon for it waits on the
    /// daemon), and hands it to `then` on the main thread; nil: the backend has no monitor, the
    /// location is not mounted, or GIO refused.
    public nonisolated static func start(_ uri: String, then: @escaping @MainActor @Sendable (ServerFileMonitor?) -> Void) {
        Background.run(on: .global(qos: .utility), { () -> MonitorPointer? in
            guard let file = g_file_new_for_uri(uri) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            var error: UnsafeMutablePointer<GError>?
            guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, &error) else {
                g_clear_error(&error)
                return nil
            }
            // Its events are emitted in the main loop: this thread pushed no context of its own.
            let type = String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(monitor).assumingMemoryBound(to: GTypeInstance.self)))
            guard type != "GPollFileMonitor" else {
                g_file_monitor_cancel(monitor)
                g_object_unref(UnsafeMutableRawPointer(monitor))
                return nil
            }
            return MonitorPointer(raw: UnsafeMutableRawPointer(monitor))
        }, then: { pointer in
            then(pointer.map { ServerFileMonitor($0.raw, ownership: .adopt) })
        })
    }

    /// Calls `handler` whenever the backend says the file changed, was made, deleted or moved.
    public func onChange(_ handler: @escaping @MainActor () -> Void) {
        _ = connectRaw("changed", unsafeBitCast(changedTrampoline, to: GCallback.self), SignalBox<VoidHandler>(handler),
                       shape: SignalShape(arguments: 3))
    }

    /// Stops the monitor: no event comes after this.
    public func cancel() {
        g_file_monitor_cancel(raw.assumingMemoryBound(to: GFileMonitor.self))
    }

    isolated deinit {
        g_file_monitor_cancel(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GFileMonitor.self))
    }
}

/// A new monitor, handed from the thread that made it to the main thread that adopts it.
private struct MonitorPointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}

// GFileMonitor::changed (monitor, file, other_file, event_type, user_data): any event is a reason to look.
private let changedTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, guint, gpointer?) -> Void = { _, _, _, _, data in
    let handler = SignalBox<VoidHandler>.from(data)
    MainActor.assumeIsolated { handler() }
}
