import CGtk

/// A vertical or horizontal GtkBox.
@MainActor
public final class Box: Container {
    /// Wraps the one a UI file declared (`Builder`).
    init(built pointer: gpointer) { super.init(pointer, ownership: .sink) }

    /// Creates a box laying its children out vertically or horizontally.
    public init(vertical: Bool, spacing: Int = 0) {
        super.init(gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, gint(spacing)), ownership: .sink)
    }

    /// Appends a child; `expand` gives it the extra space.
    public func pack(_ child: Widget, expand: Bool = false) {
        gtk_box_pack_start(tandem_box(raw), child.widget, expand ? 1 : 0, expand ? 1 : 0, 0)
    }

    /// Takes `child` out (the wrapper keeps its own reference).
    public func remove(_ child: Widget) {
        gtk_container_remove(tandem_container(raw), child.widget)
    }

    /// Puts a child at `index` among the children (0: first).
    public func insert(_ child: Widget, at index: Int) {
        pack(child)
        gtk_box_reorder_child(tandem_box(raw), child.widget, gint(index))
    }

    /// Adds a child at the end (the right of a horizontal box), after those added there before.
    public func packEnd(_ child: Widget) {
        gtk_box_pack_end(tandem_box(raw), child.widget, 0, 0, 0)
    }
}
