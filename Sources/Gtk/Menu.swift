import CGtk

/// A GMenu model: labelled items bound to detailed action names, in sections.
@MainActor
public final class Menu: Object {
    /// Wraps a menu a UI file declared (`Builder`).
    init(built pointer: gpointer) { super.init(pointer, ownership: .sink) }

    /// Creates an empty menu.
    public init() {
        super.init(UnsafeMutableRawPointer(g_menu_new())!, ownership: .adopt)
    }

    /// Appends an item that activates `action` ("win.save").
    public func append(_ label: String, action: String) {
        g_menu_append(OpaquePointer(raw), label, action)
    }

    /// Appends an item that activates `action` with the string `target` ("app.show-window" and a window's id).
    public func append(_ label: String, action: String, target: String) {
        insert(label, action: action, target: target, at: Int(g_menu_model_get_n_items(model)))
    }

    /// Inserts an item that activates `action` with the string `target` at `index`.
    public func insert(_ label: String, action: String, target: String, at index: Int) {
        let item = g_menu_item_new(label, nil)
        g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(target))
        g_menu_insert_item(OpaquePointer(raw), gint(index), item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Removes the item at `index` (menus shown follow at once).
    public func remove(at index: Int) { g_menu_remove(OpaquePointer(raw), gint(index)) }

    var model: UnsafeMutablePointer<GMenuModel> { UnsafeMutablePointer<GMenuModel>(OpaquePointer(raw)) }

    /// Appends a section (drawn with separators around it).
    public func appendSection(_ section: Menu) {
        g_menu_append_section(OpaquePointer(raw), nil, UnsafeMutablePointer<GMenuModel>(OpaquePointer(section.raw)))
    }
}

/// A header-bar button that opens a menu. The menu's widgets are made the first time it opens:
/// a window's first frame needs only the button.
@MainActor
public final class MenuButton: Widget {
    private var pendingMenu: Menu?

    /// Wraps the menu button a UI file declared (`Builder`), showing `menu` from its first press.
    init(built pointer: gpointer, menu: Menu) {
        super.init(pointer, ownership: .sink)
        attachWhenFirstOpened(menu)
    }

    /// A flat text button showing `menu` (a status bar's choice), its text set with `label`.
    public init(statusMenu menu: Menu) {
        super.init(gtk_menu_button_new(), ownership: .sink)
        // A GtkMenu: its radio items tell screen readers which is checked (a popover's do
        // not) and close it when picked (a popover's stay open).
        gtk_menu_button_set_use_popover(UnsafeMutablePointer<GtkMenuButton>(OpaquePointer(raw)), 0)
        gtk_button_set_relief(tandem_button(raw), GTK_RELIEF_NONE)
        status = ButtonText(in: raw)
        attachWhenFirstOpened(menu)
    }

    private var status: ButtonText?

    /// Called each time the menu opens (a menu's marks can be brought up to date then).
    public var onOpen: (@MainActor () -> Void)?

    /// Gives GTK the menu on the first press, then opens it (a popover directly; a GtkMenu by
    /// pressing again, so GTK places it).
    private func attachWhenFirstOpened(_ menu: Menu) {
        pendingMenu = menu
        // GtkMenuButton makes itself insensitive while it has nothing to show.
        gtk_widget_set_sensitive(widget, 1)
        let toggle = UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(raw))
        connect("toggled") { [weak self] in
            guard let self, gtk_toggle_button_get_active(toggle) != 0 else { return }
            self.onOpen?()
            guard let menu = self.pendingMenu else { return }
            self.pendingMenu = nil
            gtk_menu_button_set_menu_model(UnsafeMutablePointer<GtkMenuButton>(OpaquePointer(self.raw)),
                                           UnsafeMutablePointer<GMenuModel>(OpaquePointer(menu.raw)))
            if let popover = gtk_menu_button_get_popover(UnsafeMutablePointer<GtkMenuButton>(OpaquePointer(self.raw))) {
                gtk_popover_popup(popover)
            } else {
                gtk_toggle_button_set_active(toggle, 0)
                gtk_toggle_button_set_active(toggle, 1)
            }
        }
    }

    /// The text of a status menu button (`init(statusMenu:)`).
    public var label: String {
        get { status?.text ?? "" }
        set { status?.text = newValue }
    }

    /// Opens the menu, as a click would (F10 in GNOME apps).
    public func popUp() {
        gtk_toggle_button_set_active(UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(raw)), 1)
    }
}
