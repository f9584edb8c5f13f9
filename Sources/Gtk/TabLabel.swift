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
        gtk_label_set_ellipsize(tandem_label(label), PANGO_ELLIPSIZE_MIDDLE)
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

    /// The title shown on the tab (and read by screen readers as the tab's name).
    public var text: String {
        get { String(cString: gtk_label_get_text(tandem_label(label))) }
        set {
            gtk_label_set_text(tandem_label(label), newValue)
            gtk_widget_set_tooltip_text(label, newValue)
        }
    }
}
