import CGtk
import CWaylandActivation

/// Raising one of the app's own windows on Wayland, where `gtk_window_present` moves the focus
/// only with a launcher's token: the window that has the focus vouches for the other through
/// xdg-activation (`CWaylandActivation`). Nothing on X11, where the window manager raises on
/// `gtk_window_present` as asked.
@MainActor
enum WaylandActivation {
    private static var started = false
    /// Raises waiting: for a new window's first frame, or for the focus to leave a closing menu.
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
        guard let raw = gtk_widget_get_frame_clock(tandem_widget(window)) else { return }
        // Both held until that frame: a window closed meanwhile is asked for nothing.
        let held = Object(UnsafeMutableRawPointer(window), ownership: .sink)
        let clock = Object(UnsafeMutableRawPointer(raw), ownership: .sink)
        let deadline = g_get_monotonic_time() + 1_000_000
        var handler: UInt = 0
        handler = clock.connect("after-paint") {
            g_signal_handler_disconnect(clock.raw, gulong(handler))
            guard g_get_monotonic_time() < deadline else { return }
            raising.removeAll { !$0.isActive }
            raising.append(IdleSource {
                raise(tandem_window(held.raw))
                return false
            })
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
