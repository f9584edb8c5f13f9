import CGtk

/// A callback the GLib main loop runs every `milliseconds` until it returns false or is cancelled.
@MainActor
public final class TimerSource {
    private var id: guint = 0

    /// Calls `tick` every `milliseconds` at `priority` (GLib's default unless given).
    public init(milliseconds: UInt32, priority: Int32 = 0, _ tick: @escaping @MainActor () -> Bool) {
        let box = SignalBox<@MainActor () -> Bool>(tick)
        id = g_timeout_add_full(priority, milliseconds, timerTrampoline, Unmanaged.passRetained(box).toOpaque(), releaseTimerBox)
    }

    /// Stops it; the callback is released.
    public func cancel() {
        if id != 0 && g_main_context_find_source_by_id(nil, id) != nil { g_source_remove(id) }
        id = 0
    }

    isolated deinit { cancel() }
}

private let timerTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
    let tick = SignalBox<@MainActor () -> Bool>.from(data)
    return MainActor.assumeIsolated { tick() } ? 1 : 0
}

private let releaseTimerBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
