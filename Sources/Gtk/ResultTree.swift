import CGtk

/// Results in groups, as Find in Files lists them: a row per group (a file) with its items (its
/// matching lines) under it, each shown from Pango markup, each with a tick, as Kate's search
/// shows them: what Replace in Files changes (a group's tick ticks or clears all its items).
/// Rows have one fixed height, so a view of tens of thousands fills and scrolls without
/// measuring each.
@MainActor
public final class ResultTree: Widget {
    private let view: Widget
    private let store: UnsafeMutablePointer<GtkTreeStore>
    /// Each group's row (a tree store's rows stay valid while they are in it).
    private var groups: [GtkTreeIter] = []
    /// Which items are ticked, group by group.
    private var ticks: [[Bool]] = []
    private var tick: Object?
    /// Called with a group and the item in it (nil: the group's own row), on Enter or a double click.
    public var onActivate: (@MainActor (_ group: Int, _ item: Int?) -> Void)?

    public init(accessibleName: String) {
        let scroller = gtk_scrolled_window_new(nil, nil)!
        store = tandem_result_tree_store()
        let tree = gtk_tree_view_new_with_model(OpaquePointer(store))!
        // The store's own reference is kept until this object goes (as the folder tree's is).
        view = Widget(UnsafeMutableRawPointer(tree), ownership: .sink)
        super.init(UnsafeMutableRawPointer(scroller), ownership: .sink)
        gtk_scrolled_window_set_policy(UnsafeMutablePointer<GtkScrolledWindow>(OpaquePointer(scroller)), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_tree_view_set_headers_visible(tandem_tree_view(view.raw), 0)
        gtk_tree_view_set_enable_search(tandem_tree_view(view.raw), 0)
        let renderer = tandem_result_tree_add_column(tandem_tree_view(view.raw))!
        tick = Object(UnsafeMutableRawPointer(renderer), ownership: .sink)
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
        // Enter opens the cursor's row: the tick is the row's activatable cell, and GtkTreeView
        // would give Enter to it (Space ticks, as in Kate).
        view.connectEvent("key-press-event") { [weak self] event in
            let key = event.pointee.key.keyval
            guard let self, key == UInt32(GDK_KEY_Return) || key == UInt32(GDK_KEY_KP_Enter) || key == UInt32(GDK_KEY_ISO_Enter) else { return false }
            var path: OpaquePointer?
            gtk_tree_view_get_cursor(tandem_tree_view(self.view.raw), &path, nil)
            guard let path else { return true }
            defer { gtk_tree_path_free(path) }
            var iter = GtkTreeIter()
            guard gtk_tree_model_get_iter(OpaquePointer(self.store), &iter, path) != 0 else { return true }
            var group: gint = 0, item: gint = 0
            tandem_result_tree_place(OpaquePointer(self.store), &iter, &group, &item)
            self.onActivate?(Int(group), item < 0 ? nil : Int(item))
            return true
        }
        tick?.connectPointer("toggled") { [weak self] path in
            guard let self, let path else { return }
            self.toggled(UnsafeRawPointer(path).assumingMemoryBound(to: CChar.self))
        }
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_show_all(widget)
    }

    /// Whether item `item` of group `group` is ticked.
    public func isTicked(group: Int, item: Int) -> Bool {
        group < ticks.count && item < ticks[group].count && ticks[group][item]
    }

    private func toggled(_ pathString: UnsafePointer<CChar>) {
        var row = GtkTreeIter()
        guard gtk_tree_model_get_iter_from_string(OpaquePointer(store), &row, pathString) != 0 else { return }
        var group: gint = 0, item: gint = 0
        tandem_result_tree_place(OpaquePointer(store), &row, &group, &item)
        let number = Int(group)
        guard number < groups.count else { return }
        if item < 0 {
            let ticked = !ticks[number].contains(true)
            ticks[number] = ticks[number].map { _ in ticked }
            var child = GtkTreeIter()
            var more = gtk_tree_model_iter_children(OpaquePointer(store), &child, &groups[number]) != 0
            while more {
                tandem_result_tree_set_ticked(store, &child, ticked ? 1 : 0)
                more = gtk_tree_model_iter_next(OpaquePointer(store), &child) != 0
            }
        } else if Int(item) < ticks[number].count {
            ticks[number][Int(item)].toggle()
            tandem_result_tree_set_ticked(store, &row, ticks[number][Int(item)] ? 1 : 0)
        }
        // A group is ticked while any of its items is.
        tandem_result_tree_set_ticked(store, &groups[number], ticks[number].contains(true) ? 1 : 0)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(store)) }

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
        ticks.append(Array(repeating: true, count: items.count))
        let path = gtk_tree_model_get_path(OpaquePointer(store), &row)
        gtk_tree_view_expand_row(tandem_tree_view(view.raw), path, 0)
        gtk_tree_path_free(path)
        return number
    }

    /// Empties it.
    public func clear() {
        groups.removeAll()
        ticks.removeAll()
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
