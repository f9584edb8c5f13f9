import CGtk
import Synchronization

/// Work that runs in small steps whenever the GLib main loop has nothing more urgent to do,
/// so a long job (filling a buffer with a big file) never freezes the window.
@MainActor
public final class IdleSource {
    /// Between GTK's redraw (120) and GtkTextView's background layout (125): each step runs after
    /// the screen is painted, and the text goes in before GTK lays out what is off screen.
    public static let beforeTextLayout: Int32 = 122

    private var id: guint = 0

    /// Calls `step` repeatedly at `priority` until it returns false or `cancel()` is called.
    public init(priority: Int32 = IdleSource.beforeTextLayout, _ step: @escaping @MainActor () -> Bool) {
        let box = SignalBox<@MainActor () -> Bool>(step)
        id = g_idle_add_full(priority, idleTrampoline, Unmanaged.passRetained(box).toOpaque(), releaseIdleBox)
    }

    /// Whether it still runs.
    public var isActive: Bool { id != 0 && g_main_context_find_source_by_id(nil, id) != nil }

    /// Stops it; the step is released.
    public func cancel() {
        if isActive { g_source_remove(id) }
        id = 0
    }

    isolated deinit { cancel() }
}

private let idleTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
    let step = SignalBox<@MainActor () -> Bool>.from(data)
    return MainActor.assumeIsolated { step() } ? 1 : 0
}

private let releaseIdleBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
