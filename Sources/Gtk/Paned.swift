import CGtk

/// A GtkPaned: two children side by side with a handle between them (a window split in two).
/// A hidden child gives its side to the other, and the handle goes with it.
@MainActor
public final class Paned: Container {
    private var paned: UnsafeMutablePointer<GtkPaned> { tandem_paned(raw) }

    /// Creates a paned laying its two children out left and right (`horizontal`) or top and bottom.
    public init(horizontal: Bool) {
        super.init(gtk_paned_new(horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL), ownership: .sink)
    }

    /// Puts `first` on the left (top) and `second` on the right (bottom); both grow with the
    /// window and may be made smaller than they ask for.
    public func set(first: Widget, second: Widget) {
        gtk_paned_pack1(paned, first.widget, 1, 0)
        gtk_paned_pack2(paned, second.widget, 1, 0)
    }

    /// Where the handle is, in pixels from the left (top).
    public var position: Int {
        get { Int(gtk_paned_get_position(paned)) }
        set { gtk_paned_set_position(paned, gint(newValue)) }
    }
}
