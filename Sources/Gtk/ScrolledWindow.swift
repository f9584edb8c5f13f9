import CGtk

/// A GtkScrolledWindow around one child.
@MainActor
public final class ScrolledWindow: Container {
    /// Creates an empty scrolled window that grows with its parent.
    public init() {
        super.init(gtk_scrolled_window_new(nil, nil), ownership: .sink)
        setExpands(true)
    }
}
