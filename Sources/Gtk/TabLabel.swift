import CGtk

/// What a window's tab shows: its scene's title, ellipsized, and a button that closes it.
@MainActor
public final class TabLabel: Container {
    private let label: UnsafeMutablePointer<GtkWidget>
    private let closeButton: UnsafeMutablePointer<GtkWidget>

    /// Creates a tab label; `close` runs when its close button is pressed.
    public init(close: @escaping @MainActor () -> Void) {
        label = gtk_label_new("")
        closeButton = gtk_button_new_from_icon_name("window-close-symbolic", GTK_ICON_SIZE_MENU)
        super.init(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4), ownership: .sink)
        gtk_label_set_ellipsize(tandem_label(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_width_chars(tandem_label(label), 14)
        gtk_label_set_max_width_chars(tandem_label(label), 28)
        gtk_button_set_relief(tandem_button(closeButton), GTK_RELIEF_NONE)
        gtk_widget_set_focus_on_click(closeButton, 0)
        gtk_box_pack_start(tandem_box(raw), label, 1, 1, 0)
        gtk_box_pack_end(tandem_box(raw), closeButton, 0, 0, 0)
        let button = Object(closeButton, ownership: .sink)
        button.connect("clicked", close)
        self.button = button
        gtk_widget_show_all(widget)
    }

    private var button: Object?

    /// The close button's tooltip and accessible name ("Close Tab"). (GTK 3's notebook shows
    /// screen readers its pages, not what their tabs hold.)
    public var closeName: String = "" {
        didSet {
            atk_object_set_name(gtk_widget_get_accessible(closeButton), closeName)
            gtk_widget_set_tooltip_text(closeButton, closeName)
        }
    }

    /// The title of the tab's scene: shown whole in its tooltip; on the tab, a folder after
    /// the name ("main.c — ~/repo/test") loses its start rather than the name (`shown`).
    public var text: String = "" {
        didSet {
            gtk_label_set_text(tandem_label(label), Self.shown(text))
            gtk_widget_set_tooltip_text(label, text)
        }
    }

    /// The most characters a tab shows (its label's widest).
    nonisolated static let widest = 28

    /// `title` as a tab shows it: a folder after " — " is cut at its start ("…/repo/test") so
    /// the name and the folder's end fit; a name too long alone is cut at its end by the label.
    nonisolated static func shown(_ title: String) -> String {
        guard title.count > widest, let dash = title.firstRange(of: " — ") else { return title }
        let name = title[..<dash.lowerBound], folder = title[dash.upperBound...]
        let room = widest - name.count - 4  // " — " and "…"
        guard room >= 6 else { return String(name) }
        return name + " — …" + folder.suffix(room)
    }
}
