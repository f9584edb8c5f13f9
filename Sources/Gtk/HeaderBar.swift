import CGtk

/// A GtkHeaderBar: title, subtitle and buttons in the window's title bar.
@MainActor
public final class HeaderBar: Container {
    /// Wraps the one a UI file declared (`Builder`).
    init(built pointer: gpointer) { super.init(pointer, ownership: .sink) }

    /// Creates a header bar with the window controls shown.
    public init() {
        super.init(gtk_header_bar_new(), ownership: .sink)
        gtk_header_bar_set_show_close_button(tandem_header_bar(raw), 1)
    }

    /// The main title. The header shows its own title and subtitle, apart from the window's
    /// title (GTK 3 copies the window's title into a header bar's own): the task bar's title may
    /// name the folder too, which the header says once, below.
    public var title: String {
        get { gtk_label_get_text(tandem_label(titleLabels.title)).map { String(cString: $0) } ?? "" }
        set { gtk_label_set_text(tandem_label(titleLabels.title), newValue) }
    }

    /// The line under the title; nil hides it. A long one loses its start (a folder's end
    /// says most).
    public var subtitle: String? {
        get {
            guard gtk_widget_get_visible(titleLabels.subtitle) != 0 else { return nil }
            return gtk_label_get_text(tandem_label(titleLabels.subtitle)).map { String(cString: $0) }
        }
        set {
            gtk_label_set_text(tandem_label(titleLabels.subtitle), newValue ?? "")
            gtk_widget_set_visible(titleLabels.subtitle, newValue == nil ? 0 : 1)
        }
    }

    /// The labels of the header's own title, made the first time one is set.
    private lazy var titleLabels: (title: UnsafeMutablePointer<GtkWidget>, subtitle: UnsafeMutablePointer<GtkWidget>) = {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        func label(_ styles: [String], ellipsize: PangoEllipsizeMode) -> UnsafeMutablePointer<GtkWidget> {
            let widget = gtk_label_new(nil)!
            gtk_label_set_single_line_mode(tandem_label(widget), 1)
            gtk_label_set_ellipsize(tandem_label(widget), ellipsize)
            for style in styles { gtk_style_context_add_class(gtk_widget_get_style_context(widget), style) }
            gtk_box_pack_start(tandem_box(box), widget, 0, 0, 0)
            return widget
        }
        let title = label(["title"], ellipsize: PANGO_ELLIPSIZE_END)
        let subtitle = label(["subtitle", "dim-label"], ellipsize: PANGO_ELLIPSIZE_START)
        gtk_widget_show_all(box)
        gtk_widget_set_no_show_all(subtitle, 1)
        gtk_header_bar_set_custom_title(tandem_header_bar(raw), box)
        return (title, subtitle)
    }()

    /// Adds a widget at the leading edge.
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(tandem_header_bar(raw), child.widget) }
    /// Adds a widget at the trailing edge.
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(tandem_header_bar(raw), child.widget) }
}
