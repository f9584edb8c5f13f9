import CGtk

/// A GtkLabel.
@MainActor
public final class Label: Widget {
    /// Wraps the one a UI file declared (`Builder`).
    init(built pointer: gpointer) { super.init(pointer, ownership: .sink) }

    /// Creates a label; it wraps long text.
    public init(_ text: String = "") {
        super.init(gtk_label_new(text), ownership: .sink)
        gtk_label_set_line_wrap(tandem_label(raw), 1)
        gtk_label_set_xalign(tandem_label(raw), 0)
        gtk_label_set_selectable(tandem_label(raw), 1)
    }

    /// The label's text.
    public var text: String {
        get { String(cString: gtk_label_get_text(tandem_label(raw))) }
        set { gtk_label_set_text(tandem_label(raw), newValue) }
    }
}
