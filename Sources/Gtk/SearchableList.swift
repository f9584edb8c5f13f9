import CGtk

/// A small window over a parent listing items (a title and, under it, a dimmed detail) below a
/// search entry, as GNOME's quick switchers: typing filters (every word typed must appear in
/// the title or the detail, ignoring case), Up and Down move, Enter or a click picks, Escape
/// closes it. One is shown at a time.
@MainActor
public final class SearchableList: Widget {
    /// One row: what it is called and where it is.
    public struct Item {
        public let title: String
        public let detail: String?
        /// Creates an item.
        public init(title: String, detail: String?) { (self.title, self.detail) = (title, detail) }
    }

    /// The list shown now (kept alive while its window is).
    private static var shown: SearchableList?
    private let items: [Item]
    private let rows: [UnsafeMutablePointer<GtkWidget>]
    private let list: UnsafeMutablePointer<GtkListBox>
    private let entry: Entry
    private let onPick: @MainActor (Int) -> Void

    /// Shows `items` over `parent`, `selected` chosen; `onPick` gets the index of the item picked.
    /// `empty` is said when nothing is listed, or nothing matches what is typed.
    @discardableResult
    public static func present(title: String, placeholder: String, empty: String = "", items: [Item], selected: Int,
                               over parent: DialogParent?, onPick: @escaping @MainActor (Int) -> Void) -> SearchableList {
        shown?.destroy()
        let list = SearchableList(title: title, placeholder: placeholder, items: items, parent: parent, onPick: onPick)
        if !empty.isEmpty {
            let label = gtk_label_new(empty)!
            gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label")
            gtk_widget_show(label)
            gtk_list_box_set_placeholder(list.list, label)
        }
        shown = list
        list.select(list.rows.indices.contains(selected) ? selected : 0)
        list.showAll()
        WaylandActivation.present(tandem_window(list.raw))
        return list
    }

    private init(title: String, placeholder: String, items: [Item], parent: DialogParent?, onPick: @escaping @MainActor (Int) -> Void) {
        self.items = items
        self.onPick = onPick
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(tandem_window(window), title)
        gtk_window_set_type_hint(tandem_window(window), GDK_WINDOW_TYPE_HINT_DIALOG)
        gtk_window_set_default_size(tandem_window(window), 460, 360)
        gtk_window_set_position(tandem_window(window), GTK_WIN_POS_CENTER_ON_PARENT)
        if let parent {
            gtk_window_set_transient_for(tandem_window(window), tandem_window(parent.window.raw))
            gtk_window_set_destroy_with_parent(tandem_window(window), 1)
        }
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_set_border_width(tandem_container(column), 6)
        let search = gtk_search_entry_new()!
        gtk_entry_set_placeholder_text(UnsafeMutablePointer<GtkEntry>(OpaquePointer(search)), placeholder)
        entry = Entry(UnsafeMutableRawPointer(search), ownership: .sink)
        let scroller = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(tandem_scrolled_window(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_shadow_type(tandem_scrolled_window(scroller), GTK_SHADOW_IN)
        gtk_widget_set_vexpand(scroller, 1)
        let box = gtk_list_box_new()!
        list = UnsafeMutablePointer<GtkListBox>(OpaquePointer(box))
        gtk_list_box_set_selection_mode(list, GTK_SELECTION_BROWSE)
        gtk_list_box_set_activate_on_single_click(list, 1)
        rows = items.map(Self.row)
        for row in rows { gtk_container_add(tandem_container(box), row) }
        gtk_container_add(tandem_container(scroller), box)
        gtk_box_pack_start(tandem_box(column), search, 0, 0, 0)
        gtk_box_pack_start(tandem_box(column), scroller, 1, 1, 0)
        gtk_container_add(tandem_container(window), column)
        super.init(UnsafeMutableRawPointer(window), ownership: .sink)

        entry.onChanged { [weak self] in self?.filter() }
        entry.onActivate { [weak self] in self?.pickSelected() }
        entry.connectEvent("key-press-event") { [weak self] event in
            let key = Int32(event.pointee.key.keyval)
            guard let self, key == GDK_KEY_Down || key == GDK_KEY_Up else { return false }
            self.move(by: key == GDK_KEY_Down ? 1 : -1)
            return true
        }
        onEscape { [weak self] in self?.destroy() }
        Object(UnsafeMutableRawPointer(box), ownership: .sink).connectPointer("row-activated") { [weak self] row in
            guard let self, let row else { return }
            self.pick(Int(gtk_list_box_row_get_index(UnsafeMutablePointer<GtkListBoxRow>(row))))
        }
        connect("destroy") { [weak self] in
            if Self.shown === self { Self.shown = nil }
        }
    }

    private static func row(_ item: Item) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_list_box_row_new()!
        let lines = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_container_set_border_width(tandem_container(lines), 6)
        for (text, dim) in [(item.title, false)] + (item.detail.map { [($0, true)] } ?? []) {
            let label = gtk_label_new(text)!
            gtk_label_set_xalign(tandem_label(label), 0)
            gtk_label_set_ellipsize(tandem_label(label), dim ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END)
            if dim { gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label") }
            gtk_box_pack_start(tandem_box(lines), label, 0, 0, 0)
        }
        gtk_container_add(tandem_container(row), lines)
        return row
    }

    /// Whether every word of `query` is in the item's title or detail.
    nonisolated static func matches(_ item: Item, query: String) -> Bool {
        let haystack = (item.title + " " + (item.detail ?? "")).lowercased()
        return query.lowercased().split(separator: " ").allSatisfy { haystack.contains($0) }
    }

    /// Indices of the items shown now.
    public var shownIndices: [Int] { rows.indices.filter { gtk_widget_get_visible(rows[$0]) != 0 } }

    private func filter() {
        let query = entry.text
        for (index, item) in items.enumerated() { gtk_widget_set_visible(rows[index], Self.matches(item, query: query) ? 1 : 0) }
        let shown = shownIndices
        if let current = selectedIndex, shown.contains(current) { return }
        if let first = shown.first { select(first) } else { gtk_list_box_unselect_all(list) }
    }

    private var selectedIndex: Int? {
        gtk_list_box_get_selected_row(list).map { Int(gtk_list_box_row_get_index($0)) }
    }

    private func select(_ index: Int) {
        guard rows.indices.contains(index) else { return }
        gtk_list_box_select_row(list, UnsafeMutablePointer<GtkListBoxRow>(OpaquePointer(rows[index])))
    }

    private func move(by step: Int) {
        let shown = shownIndices
        guard !shown.isEmpty else { return }
        let at = selectedIndex.flatMap { shown.firstIndex(of: $0) } ?? (step > 0 ? -1 : shown.count)
        select(shown[min(max(at + step, 0), shown.count - 1)])
    }

    private func pickSelected() {
        if let index = selectedIndex, shownIndices.contains(index) { pick(index) }
    }

    private func pick(_ index: Int) {
        // The pick first, while this window still has the focus: on Wayland it vouches for the
        // window the pick raises (`WaylandActivation`).
        onPick(index)
        destroy()
    }
}
