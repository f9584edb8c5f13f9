import CGtk

/// A GMenu model: labelled items bound to detailed action names, in sections.
@MainActor
public final class Menu: Object {
    /// Creates an empty menu.
    public init() {
        super.init(UnsafeMutableRawPointer(g_menu_new())!, ownership: .adopt)
    }

    /// Appends an item that activates `action` ("win.save").
    public func append(_ label: String, action: String) {
        g_menu_append(OpaquePointer(raw), label, action)
    }

    /// Appends an item that activates `action` and shows its shortcut (`accel`, as "<Control>s").
    public func append(_ label: String, action: String, accel: String) {
        let item = g_menu_item_new(label, action)
        g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accel))
        g_menu_append_item(OpaquePointer(raw), item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Appends a section (drawn with separators around it).
    public func appendSection(_ section: Menu) {
        g_menu_append_section(OpaquePointer(raw), nil, UnsafeMutablePointer<GMenuModel>(OpaquePointer(section.raw)))
    }
}

/// A header-bar button that opens a menu.
@MainActor
public final class MenuButton: Widget {
    /// Creates an icon button showing `menu`.
    public init(iconName: String, tooltip: String, menu: Menu) {
        super.init(gtk_menu_button_new(), ownership: .sink)
        let button = UnsafeMutablePointer<GtkMenuButton>(OpaquePointer(raw))
        // A GtkMenu rather than a popover: GTK 3's popovers do not show an item's shortcut.
        gtk_menu_button_set_use_popover(button, 0)
        gtk_menu_button_set_menu_model(button, UnsafeMutablePointer<GMenuModel>(OpaquePointer(menu.raw)))
        let image = gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)
        gtk_button_set_image(UnsafeMutablePointer<GtkButton>(OpaquePointer(raw)), image)
        gtk_widget_set_tooltip_text(widget, tooltip)
        setAccessibleName(tooltip)
    }

    /// A flat text button showing `menu` (a status bar's choice).
    public init(label: String, menu: Menu) {
        super.init(gtk_menu_button_new(), ownership: .sink)
        gtk_menu_button_set_menu_model(UnsafeMutablePointer<GtkMenuButton>(OpaquePointer(raw)), UnsafeMutablePointer<GMenuModel>(OpaquePointer(menu.raw)))
        gtk_button_set_relief(tandem_button(raw), GTK_RELIEF_NONE)
        self.label = label
    }

    /// The button's text.
    public var label: String {
        get { gtk_button_get_label(tandem_button(raw)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(tandem_button(raw), newValue) }
    }

    /// Opens the menu, as a click would (F10 in GNOME apps).
    public func popUp() {
        gtk_toggle_button_set_active(UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(raw)), 1)
    }
}
