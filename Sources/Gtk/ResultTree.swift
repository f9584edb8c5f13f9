import CGtk

/// Results in groups, as Find in Files lists them: a row per group (a file) with its items (its
/// matching lines) under it, each shown from Pango markup. Rows have one fixed height, so a
/// view of tens of thousands fills and scrolls without measuring each.
@MainActor
public final class ResultTree: Widget {
    private let view: Widget
    private let store: UnsafeMutablePointer<GtkTreeStore>
    /// Each group's row (a tree store's rows stay valid while they are in it).
    private var groups: [GtkTreeIter] = []
    /// Called with a group and the item in it (nil: the group's own row), on Enter or a double click.
    public var onActivate: (@MainActor (_ group: Int, _ item: Int?) -> Void)?

    public init(accessibleName: String) {
        let scroller = gtk_scrolled_window_new(nil, nil)!
        store = tandem_result_tree_store()
        let tree = gtk_tree_view_new_with_model(OpaquePointer(store))!
        g_object_unref(UnsafeMutableRawPointer(store))  // the view holds the store
        view = Widget(UnsafeMutableRawPointer(tree), ownership: .sink)
        super.init(UnsafeMutableRawPointer(scroller), ownership: .sink)
        gtk_scrolled_window_set_policy(UnsafeMutablePointer<GtkScrolledWindow>(OpaquePointer(scroller)), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_tree_view_set_headers_visible(tandem_tree_view(view.raw), 0)
        gtk_tree_view_set_enable_search(tandem_tree_view(view.raw), 0)
        tandem_result_tree_add_column(tandem_tree_view(view.raw))
        gtk_container_add(tandem_container(scroller), tree)
        view.setAccessibleName(accessibleName)
        view.connectTwoPointers("row-activated") { [weak self] path, _ in
            guard let self, let path else { return }
            var iter = GtkTreeIter()
            guard gtk_tree_model_get_iter(OpaquePointer(self.store), &iter, path) != 0 else { return }
            var group: gint = 0, item: gint = 0
            tandem_result_tree_place(OpaquePointer(self.store), &iter, &group, &item)
            self.onActivate?(Int(group), item < 0 ? nil : Int(item))
        }
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_show_all(widget)
    }

    /// How many groups it holds.
    public var groupCount: Int { groups.count }

    /// Adds a group with its items, expanded; returns its number.
    @discardableResult
    public func appendGroup(_ markup: String, items: [String]) -> Int {
        let number = groups.count
        var row = GtkTreeIter()
        gtk_tree_store_append(store, &row, nil)
        tandem_result_tree_set(store, &row, markup, gint(number), -1)
        for (index, item) in items.enumerated() {
            var child = GtkTreeIter()
            gtk_tree_store_append(store, &child, &row)
            tandem_result_tree_set(store, &child, item, gint(number), gint(index))
        }
        groups.append(row)
        let path = gtk_tree_model_get_path(OpaquePointer(store), &row)
        gtk_tree_view_expand_row(tandem_tree_view(view.raw), path, 0)
        gtk_tree_path_free(path)
        return number
    }

    /// Empties it.
    public func clear() {
        groups.removeAll()
        gtk_tree_store_clear(store)
    }

    /// Gives the keyboard focus to the list, on its first row.
    public func focusList() {
        if !groups.isEmpty, gtk_tree_view_get_model(tandem_tree_view(view.raw)) != nil {
            let path = gtk_tree_path_new_first()
            gtk_tree_view_set_cursor(tandem_tree_view(view.raw), path, nil, 0)
            gtk_tree_path_free(path)
        }
        view.grabFocus()
    }
}
