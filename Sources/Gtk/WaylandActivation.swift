import CGtk
import CWaylandActivation

/// Raising one of the app's own windows on Wayland, where `gtk_window_present` moves the focus
/// only with a launcher's token: the window that has the focus vouches for the other through
/// xdg-activation (`CWaylandActivation`). Nothing on X11, where the window manager raises on
/// `gtk_window_present` as asked.
@MainActor
enum WaylandActivation {
    private static var started = false
    /// Raises waiting for the focus to leave a closing menu.
    private static var raising: [MainLoopSource] = []

    /// Begins following the keyboard focus; once, at the application's startup.
    static func start() {
        guard !started, DisplayBackend.current == .wayland, let display = gdk_display_get_default() else { return }
        started = tandem_activation_start(display)
    }

    /// `gtk_window_present`, and on Wayland the request that gives the window the focus. It is
    /// asked again after the window's next frame (within a second): mutter gives a new window
    /// the focus when it maps unless a key went to another window since (a switcher's first
    /// letters typed at once), and the request made before it shows is spent by then.
    static func present(_ window: UnsafeMutablePointer<GtkWindow>) {
        gtk_window_present(window)
        guard started else { return }
        raise(window)
        guard let clock = gtk_widget_get_frame_clock(tandem_widget(window)) else { return }
        afterNextFrame.removeAll { $0.isDone }
        afterNextFrame.append(NextFrame(of: window, clock: clock) { raise($0) })
    }

    /// Raises waiting for a window's next frame (each lets go of its window once done).
    private static var afterNextFrame: [NextFrame] = []

    /// Runs `body` once, in an idle after the window's next frame, unless none comes within a
    /// second; holds the window till then, so one closed meanwhile is only let go of.
    @MainActor private final class NextFrame {
        private var window: Object?
        private var clock: Object?
        private var handler: UInt = 0
        private var timer: TimerSource?
        private var idle: IdleSource?
        var isDone: Bool { window == nil }

        init(of window: UnsafeMutablePointer<GtkWindow>, clock: OpaquePointer,
             _ body: @escaping @MainActor (UnsafeMutablePointer<GtkWindow>) -> Void) {
            let held = Object(UnsafeMutableRawPointer(window), ownership: .sink)
            let clockObject = Object(UnsafeMutableRawPointer(clock), ownership: .sink)
            self.window = held
            self.clock = clockObject
            handler = clockObject.connect("after-paint") { [weak self] in
                guard let self else { return }
                self.stopWatching()
                self.idle = IdleSource { [weak self] in
                    body(tandem_window(held.raw))
                    self?.window = nil
                    return false
                }
            }
            timer = TimerSource(milliseconds: 1_000) { [weak self] in
                self?.stopWatching()
                if self?.idle == nil { self?.window = nil }
                return false
            }
        }

        private func stopWatching() {
            if let clock, handler != 0 { g_signal_handler_disconnect(clock.raw, gulong(handler)) }
            handler = 0
            clock = nil
            timer?.cancel()
        }
    }

    /// Asks the compositor to focus `target` on the word of the app's window that has the focus.
    /// While the focus is on a menu (a Windows menu item picked: the menu closes before the
    /// compositor gives the focus back to its window), it waits for that, up to half a second.
    private static func raise(_ target: UnsafeMutablePointer<GtkWindow>, tries: Int = 10) {
        guard gtk_window_is_active(target) == 0, let targetWindow = gtk_widget_get_window(tandem_widget(target)) else { return }
        if let from = tandem_activation_focus(), gdk_window_get_window_type(from) == GDK_WINDOW_TOPLEVEL {
            _ = tandem_activation_raise(from, targetWindow)
            return
        }
        guard tries > 0 else { return }
        let held = Object(UnsafeMutableRawPointer(target), ownership: .sink)
        raising.removeAll { !$0.isActive }
        raising.append(TimerSource(milliseconds: 50) {
            raise(tandem_window(held.raw), tries: tries - 1)
            return false
        })
    }
}
