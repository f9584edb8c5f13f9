import CGtk

/// A small window over another with a field, and under it the lines that answer what is typed,
/// as Kate's Quick Open and Sublime Text's Goto Anything show them: each change of the text asks
/// for the lines (`onQuery`); Up and Down move the choice, Enter or a double click takes it,
/// Escape closes the window.
@MainActor
public final class SearchList {
    private let window: Widget
    private let entry: Entry
    private let list: Widget
    private let store: UnsafeMutablePointer<GtkListStore>
    private var count = 0
    /// Called with the field's text after every change.
    public var onQuery: (@MainActor (String) -> Void)?
    /// Called with the place of the line chosen among those shown, and the field's text.
    public var onChoose: (@MainActor (Int, String) -> Void)?
    /// Called once the window has gone.
    public var onClose: (@MainActor () -> Void)?

    public init(over parent: DialogParent, title: String, placeholder: String, listName: String) {
        let raw = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        window = Widget(UnsafeMutableRawPointer(raw), ownership: .sink)
        let gtkWindow = tandem_window(UnsafeMutableRawPointer(raw))
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_transient_for(gtkWindow, tandem_window(parent.window.raw))
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_destroy_with_parent(gtkWindow, 1)
        gtk_window_set_type_hint(gtkWindow, GDK_WINDOW_TYPE_HINT_DIALOG)
        gtk_window_set_default_size(gtkWindow, 640, 420)
        let box = Box(vertical: true, spacing: 6)
        gtk_container_set_border_width(tandem_container(box.raw), 6)
        entry = Entry(UnsafeMutableRawPointer(gtk_search_entry_new()!), ownership: .sink)
        gtk_entry_set_placeholder_text(UnsafeMutablePointer<GtkEntry>(OpaquePointer(entry.raw)), placeholder)
        store = tandem_string_list_store()
        let tree = gtk_tree_view_new_with_model(OpaquePointer(store))!
        g_object_unref(UnsafeMutableRawPointer(store))  // the view holds the store
        list = Widget(UnsafeMutableRawPointer(tree), ownership: .sink)
        gtk_tree_view_set_headers_visible(tandem_tree_view(list.raw), 0)
        gtk_tree_view_set_enable_search(tandem_tree_view(list.raw), 0)
        tandem_tree_view_add_text_column(tandem_tree_view(list.raw), 0)
        list.setAccessibleName(listName)
        let scroller = ScrolledWindow()
        scroller.add(list)
        box.pack(entry)
        box.pack(scroller, expand: true)
        gtk_container_add(tandem_container(window.raw), box.widget)
        entry.onChanged { [weak self] in
            guard let self else { return }
            self.onQuery?(self.entry.text)
        }
        entry.onActivate { [weak self] in self?.chooseSelected() }
        entry.connectEvent("key-press-event") { [weak self] event in
            guard let self else { return false }
            switch Int32(event.pointee.key.keyval) {
            case GDK_KEY_Down, GDK_KEY_KP_Down: self.moveSelection(by: 1)
            case GDK_KEY_Up, GDK_KEY_KP_Up: self.moveSelection(by: -1)
            case GDK_KEY_Page_Down: self.moveSelection(by: 10)
            case GDK_KEY_Page_Up: self.moveSelection(by: -10)
            default: return false
            }
            return true
        }
        list.connectTwoPointers("row-activated") { [weak self] path, _ in
            guard let self, let path, let index = gtk_tree_path_get_indices(path)?.pointee else { return }
            self.onChoose?(Int(index), self.entry.text)
        }
        window.onEscape { [weak self] in self?.close() }
        window.connect("destroy") { [weak self] in self?.onClose?() }
    }

    /// Shows `lines` under the field, the first chosen.
    public func show(_ lines: [String]) {
        gtk_list_store_clear(store)
        var iter = GtkTreeIter()
        for line in lines {
            gtk_list_store_append(store, &iter)
            tandem_list_store_set_string(store, &iter, 0, line)
        }
        count = lines.count
        select(0)
    }

    /// Shows the window, the field with the keyboard.
    public func present() {
        window.showAll()
        WaylandActivation.present(tandem_window(window.raw))  // a new window on Wayland takes the focus only with a token
        entry.grabFocus()
    }

    public func close() { window.destroy() }

    private var selected: Int? {
        var iter = GtkTreeIter()
        guard gtk_tree_selection_get_selected(gtk_tree_view_get_selection(tandem_tree_view(list.raw)), nil, &iter) != 0,
              let path = gtk_tree_model_get_path(OpaquePointer(store), &iter) else { return nil }
        defer { gtk_tree_path_free(path) }
        return gtk_tree_path_get_indices(path).map { Int($0.pointee) }
    }

    private func select(_ index: Int) {
        guard count > 0 else { return }
        let index = min(max(index, 0), count - 1)
        let path = gtk_tree_path_new_from_string(String(index))
        defer { gtk_tree_path_free(path) }
        // Selected, not focused: the keyboard stays in the field.
        gtk_tree_selection_select_path(gtk_tree_view_get_selection(tandem_tree_view(list.raw)), path)
        gtk_tree_view_scroll_to_cell(tandem_tree_view(list.raw), path, nil, 0, 0, 0)
    }

    private func moveSelection(by step: Int) { select((selected ?? 0) + step) }

    private func chooseSelected() {
        guard let index = selected else { return }
        onChoose?(index, entry.text)
    }
}
