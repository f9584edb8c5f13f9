import CGtk

/// A callback the GLib main loop runs until it returns false or is cancelled: whenever the
/// loop is idle (`IdleSource`), or every few milliseconds (`TimerSource`).
///
/// The source's id is used only while GLib still has the source: its destroy notify marks the
/// box, so a cancel after the source ended never removes another source that reused the id.
@MainActor
public class MainLoopSource {
    private let box: SourceBox
    private let id: guint

    init(attach: (gpointer) -> guint, _ step: @escaping @MainActor () -> Bool) {
        let box = SourceBox(step)
        self.box = box
        id = attach(RetainedBox.pass(box))
    }

    /// Whether it still runs.
    public var isActive: Bool { box.isAttached }

    /// Stops it; the callback is released.
    public func cancel() {
        if box.isAttached { g_source_remove(id) }
    }

    isolated deinit { cancel() }
}

/// Work that runs in small steps whenever the GLib main loop has nothing more urgent to do,
/// so a long job (filling a buffer with a big file) never freezes the window.
@MainActor
public final class IdleSource: MainLoopSource {
    /// Calls `step` repeatedly at `priority` until it returns false or `cancel()` is called.
    public init(priority: Int32 = MainLoopPriority.beforeTextLayout, _ step: @escaping @MainActor () -> Bool) {
        super.init(attach: { g_idle_add_full(priority, sourceTrampoline, $0, detachSourceBox) }, step)
    }
}

/// A callback the GLib main loop runs every `milliseconds` until it returns false or is cancelled.
@MainActor
public final class TimerSource: MainLoopSource {
    /// Calls `tick` every `milliseconds` at `priority` (GLib's default unless given).
    public init(milliseconds: UInt32, priority: Int32 = MainLoopPriority.withEvents, _ tick: @escaping @MainActor () -> Bool) {
        super.init(attach: { g_timeout_add_full(priority, milliseconds, sourceTrampoline, $0, detachSourceBox) }, tick)
    }
}

/// The callback, and whether GLib still holds the source (cleared by its destroy notify).
private final class SourceBox: @unchecked Sendable {
    // @unchecked: GLib runs the main context's sources and their notifies on the main thread.
    /// The callback; dropped as GLib lets go, so what it captures is freed then.
    var step: (@MainActor () -> Bool)?
    var isAttached: Bool { step != nil }
    init(_ step: @escaping @MainActor () -> Bool) { self.step = step }
}

/// GLib is done with the source (it returned false or was removed): mark it, then release.
private let detachSourceBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<SourceBox>.fromOpaque(data).takeUnretainedValue().step = nil
    RetainedBox.release(data)
}

private let sourceTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
    let box = Unmanaged<SourceBox>.fromOpaque(data!).takeUnretainedValue()
    return MainActor.assumeIsolated { box.step?() ?? false } ? 1 : 0
}
