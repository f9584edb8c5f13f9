import CGtk

/// Tells when a window stops being shown and starts again on Wayland, where GTK 3 reports no
/// minimized state: the compositor stops answering a hidden surface's frame callbacks, so GDK's
/// frame clock, which waits for each answer, stops painting. Once the window has lost the focus
/// (a window is minimized or hidden from the focus it had, or while unfocused), the probe asks
/// for a one-pixel repaint now and then; a repaint that never comes means hidden, the next
/// paint that does means shown again. A focused window is shown.
@MainActor
final class VisibilityProbe {
    /// Called with true when the window is found hidden, false when it is shown again.
    private let report: @MainActor (Bool) -> Void
    private unowned let window: Widget
    private var clock: Object?
    private var timer: TimerSource?
    private var paintedSinceAsked = true
    private var delay: UInt32 = 0
    private(set) var isHidden = false

    /// The first wait after the focus goes, doubled at each look that finds the window shown, up
    /// to the longest: a window minimized later (Show Desktop) is found within `longest` ms.
    static let first: UInt32 = 250, longest: UInt32 = 8_000

    init(window: Widget, report: @escaping @MainActor (Bool) -> Void) {
        self.window = window
        self.report = report
    }

    /// The window gained or lost the keyboard focus.
    func focusChanged(active: Bool) {
        timer?.cancel()
        timer = nil
        if active {
            setHidden(false)
        } else {
            delay = Self.first
            look()
        }
    }

    /// Asks for a repaint of one pixel, and looks again after `delay` whether it came.
    private func look() {
        watchClock()
        paintedSinceAsked = false
        gtk_widget_queue_draw_area(window.widget, 0, 0, 1, 1)
        timer = TimerSource(milliseconds: delay) { [weak self] in
            guard let self else { return false }
            self.timer = nil
            if self.paintedSinceAsked {
                self.delay = min(self.delay * 2, Self.longest)
                self.look()
            } else {
                // The frame asked for never came: the compositor hides the window. Its next
                // paint (the one asked for, let through once it shows again) says it is back.
                self.setHidden(true)
            }
            return false
        }
    }

    /// Counts the window's paints, once it has a frame clock (it is realized).
    private func watchClock() {
        guard clock == nil, let raw = gtk_widget_get_frame_clock(window.widget) else { return }
        let clock = Object(UnsafeMutableRawPointer(raw), ownership: .sink)
        self.clock = clock
        clock.connect("after-paint") { [weak self] in
            guard let self else { return }
            self.paintedSinceAsked = true
            if self.isHidden {
                self.setHidden(false)
                // Still without the focus: keep looking, from the start.
                if self.timer == nil && gtk_window_is_active(tandem_window(self.window.raw)) == 0 {
                    self.delay = Self.first
                    self.look()
                }
            }
        }
    }

    private func setHidden(_ hidden: Bool) {
        guard hidden != isHidden else { return }
        isHidden = hidden
        report(hidden)
    }
}
