import CGtk

/// Keys typed while a window's keyboard is on its way to a widget not yet on screen (the new side
/// of a split, a new tab): held, then sent again in order once that widget has the focus. GDK
/// dispatches queued keys before the idle that moves the focus runs, so without this the keys
/// typed right after Ctrl+\ landed in the side that had the focus before.
@MainActor
final class HeldKeys {
    private var events: [UnsafeMutablePointer<GdkEvent>] = []
    /// The current hold, so a hold's late release cannot end a later one.
    private(set) var generation = 0
    private(set) var isHolding = false
    /// Ends a hold whose widget never shows (a window hidden meanwhile): a key is never kept.
    private var safety: TimerSource?
    private var replay: IdleSource?

    /// Starts holding; returns the hold's number for `release`.
    func hold() -> Int {
        generation += 1
        isHolding = true
        let current = generation
        safety = TimerSource(milliseconds: 500) { [weak self] in
            self?.release(current)
            return false
        }
        return generation
    }

    /// Takes a key event while holding (a copy: GDK frees its own); false when not holding.
    func take(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard isHolding, let copy = gdk_event_copy(event) else { return false }
        events.append(copy)
        return true
    }

    /// Ends hold `number` (nothing if a later one began): the keys go to the window again, in
    /// order, before any event still queued (a high-priority idle runs before GDK's events).
    func release(_ number: Int) {
        guard number == generation, isHolding else { return }
        isHolding = false
        safety = nil
        guard !events.isEmpty else { return }
        replay = IdleSource(priority: MainLoopPriority.beforeEvents) { [weak self] in
            guard let self else { return false }
            let held = self.events
            self.events = []
            for event in held {
                gtk_main_do_event(event)
                gdk_event_free(event)
            }
            return false
        }
    }

    /// The window is going: the keys go with it.
    func drop() {
        isHolding = false
        safety = nil
        replay = nil
        events.forEach { gdk_event_free($0) }
        events = []
    }

    isolated deinit { drop() }
}
