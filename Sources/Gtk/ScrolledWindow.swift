import CGtk

/// A GtkScrolledWindow: scrollbars around a child bigger than its place.
@MainActor
public final class ScrolledWindow: Container {
    /// Wraps the one a UI file declared (`Builder`).
    init(built pointer: gpointer) {
        super.init(pointer, ownership: .sink)
        guardOverlayScrollbars()
    }

    /// Creates an empty scrolled window that grows with its parent.
    public init() {
        super.init(gtk_scrolled_window_new(nil, nil), ownership: .sink)
        setExpands(true)
        guardOverlayScrollbars()
    }

    /// What it shows may move to another window (a tab moved out): GTK 3's overlay scrollbars
    /// would then be told of a scroll after their windows are gone (see the shim).
    private func guardOverlayScrollbars() {
        tandem_scrolled_window_guard_overlay(tandem_scrolled_window(raw))
    }

    /// Lays out its child anew within its own place when the child's size changes (a key typed
    /// into a text view), instead of the whole window: it cannot grow with its child anyway.
    public func containsResizes() {
        tandem_scrolled_window_contain_resizes(tandem_scrolled_window(raw))
    }
}
