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

    /// The main title.
    public var title: String {
        get { gtk_header_bar_get_title(tandem_header_bar(raw)).map { String(cString: $0) } ?? "" }
        set { gtk_header_bar_set_title(tandem_header_bar(raw), newValue) }
    }

    /// The line under the title; nil hides it.
    public var subtitle: String? {
        get { gtk_header_bar_get_subtitle(tandem_header_bar(raw)).map { String(cString: $0) } }
        set { gtk_header_bar_set_subtitle(tandem_header_bar(raw), newValue) }
    }

    /// Adds a widget at the leading edge.
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(tandem_header_bar(raw), child.widget) }
    /// Adds a widget at the trailing edge.
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(tandem_header_bar(raw), child.widget) }
}
