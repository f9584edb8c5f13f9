import CGtk

/// A top-level GtkWindow of no application: a place on the display for a widget that needs one
/// (a view's clipboard is its display's) where no application is registered, as in a test
/// process, which may register only one GApplication on the bus.
@MainActor
public final class Window: Container {
    /// Creates a hidden top-level window.
    public init() {
        super.init(gtk_window_new(GTK_WINDOW_TOPLEVEL), ownership: .sink)
    }

    /// The size the window opens at, in pixels.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(tandem_window(raw), gint(width), gint(height))
    }
}
