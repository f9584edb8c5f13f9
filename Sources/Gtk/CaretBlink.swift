import CGtk

/// The extra carets' blink, timed as GTK's own caret's (the gtk-cursor-blink, -blink-time and
/// -blink-timeout settings): on for two thirds of a cycle, off for a third; every change shows
/// them and starts the cycle again, as a key does GTK's caret, so they blink together; once the
/// timeout has passed with nothing done, they stay on, as GTK's does.
@MainActor
final class CaretBlink {
    /// Whether the carets are drawn at this moment of the cycle.
    private(set) var isOn = true
    private var timer: TimerSource?
    private var restarted = 0
    private let redraw: @MainActor () -> Void

    init(redraw: @escaping @MainActor () -> Void) { self.redraw = redraw }

    /// Shows the carets and starts the cycle again.
    func restart() {
        isOn = true
        timer?.cancel()
        timer = nil
        guard let settings = gtk_settings_get_default(), tandem_object_get_bool(settings, "gtk-cursor-blink") != 0 else { return }
        restarted = g_get_monotonic_time()
        schedule(after: Self.onTime(settings))
    }

    private func schedule(after milliseconds: UInt32) {
        timer = TimerSource(milliseconds: milliseconds) { [weak self] in
            guard let self, let settings = gtk_settings_get_default() else { return false }
            self.timer = nil
            let seconds = Int(tandem_object_get_int(settings, "gtk-cursor-blink-timeout"))
            // Past the timeout the carets stay on (GTK's caret stops blinking there too).
            if !self.isOn || g_get_monotonic_time() - self.restarted < seconds * 1_000_000 {
                self.isOn.toggle()
                self.redraw()
                self.schedule(after: self.isOn ? Self.onTime(settings) : Self.offTime(settings))
            }
            return false
        }
    }

    private static func cycle(_ settings: UnsafeMutablePointer<GtkSettings>) -> UInt32 {
        UInt32(max(100, tandem_object_get_int(settings, "gtk-cursor-blink-time")))
    }
    private static func onTime(_ settings: UnsafeMutablePointer<GtkSettings>) -> UInt32 { cycle(settings) * 2 / 3 }
    private static func offTime(_ settings: UnsafeMutablePointer<GtkSettings>) -> UInt32 { cycle(settings) / 3 }
}
