import CGtk

/// How a folder's listing becomes the rows under its row: merged into the rows there, in order,
/// so that rows that stay keep their children and expansion; a first listing made at once.
extension FolderTree {
    /// Makes the rows under `parent` (the top when nil) `entries`, in order: rows that stay keep
    /// their children and expansion, new ones come in at their place, gone ones go.
    func fill(_ entries: [(entry: FolderListing.Entry, dimmed: Bool)], in folder: String, under parent: UnsafeMutablePointer<GtkTreeIter>?) {
        var row = GtkTreeIter()
        var hasRow = gtk_tree_model_iter_children(model, &row, parent) != 0
        if !hasRow || (tandem_folder_tree_kind(model, &row) == gint(TANDEM_FOLDER_ROW_PLACEHOLDER.rawValue) && !hasNext(row)) {
            return fillAfresh(entries, in: folder, under: parent)
        }
        let wanted = Set(entries.map { Self.key($0.entry, in: folder) })
        var placeholder: GtkTreeIter?
        // The row last kept or made: a new one at the end goes in after it (appending walks
        // every sibling, which made a first listing of 10,000 files quadratic).
        var last: GtkTreeIter?
        for (entry, dimmed) in entries {
            let path = Self.path(of: entry, in: folder)
            let key = Self.key(entry, in: folder)
            var placed = false
            while hasRow {
                let kind = tandem_folder_tree_kind(model, &row)
                let rowPath = tandem_folder_tree_path(model, &row).map { pointer in defer { g_free(pointer) }; return String(cString: pointer) } ?? ""
                let isPlaceholder = kind == gint(TANDEM_FOLDER_ROW_PLACEHOLDER.rawValue)
                let rowKey = (kind == gint(TANDEM_FOLDER_ROW_FILE.rawValue) ? "f" : "d") + rowPath
                if isPlaceholder {
                    // Removed last: a folder whose only child goes is collapsed by GTK.
                    placeholder = row
                    hasRow = gtk_tree_model_iter_next(model, &row) != 0
                    continue
                }
                if rowKey == key {
                    // The row stays, with its children and expansion; a folder made again in its
                    // place (a build's clean) is followed and listed afresh.
                    if entry.isFolder { renew(&row, entry) }
                    if (tandem_folder_tree_is_dimmed(model, &row) != 0) != dimmed { tandem_folder_tree_set_dimmed(store, &row, dimmed ? 1 : 0) }
                    last = row
                    hasRow = gtk_tree_model_iter_next(model, &row) != 0
                    placed = true
                    break
                }
                if wanted.contains(rowKey) {
                    // That row comes later in the order: this entry is new, and goes in before it.
                    var added = GtkTreeIter()
                    gtk_tree_store_insert_before(store, &added, parent, &row)
                    set(&added, entry, path, dimmed: dimmed)
                    last = added
                    placed = true
                    break
                }
                if kind != gint(TANDEM_FOLDER_ROW_FILE.rawValue) { forget(rowPath) }
                hasRow = gtk_tree_store_remove(store, &row) != 0
            }
            if !placed {
                var added = GtkTreeIter()
                if var previous = last { gtk_tree_store_insert_after(store, &added, parent, &previous) } else { gtk_tree_store_prepend(store, &added, parent) }
                set(&added, entry, path, dimmed: dimmed)
                last = added
            }
        }
        while hasRow {
            let kind = tandem_folder_tree_kind(model, &row)
            if kind != gint(TANDEM_FOLDER_ROW_FILE.rawValue), kind != gint(TANDEM_FOLDER_ROW_PLACEHOLDER.rawValue),
               let rowPath = tandem_folder_tree_path(model, &row) {
                forget(String(cString: rowPath))
                g_free(rowPath)
            }
            hasRow = gtk_tree_store_remove(store, &row) != 0
        }
        if var placeholder { gtk_tree_store_remove(store, &placeholder) }
        if let parent { tandem_folder_tree_set_kind(store, parent, gint(TANDEM_FOLDER_ROW_FOLDER_READ.rawValue)) }
    }

    /// A folder's first listing, its rows made last to first: GtkTreeStore finds a row's path by
    /// walking its siblings from the first, so each row made first costs nothing, where rows
    /// appended in order made a folder of 10,000 files take most of a second.
    private func fillAfresh(_ entries: [(entry: FolderListing.Entry, dimmed: Bool)], in folder: String, under parent: UnsafeMutablePointer<GtkTreeIter>?) {
        var placeholder = GtkTreeIter()
        let hadPlaceholder = gtk_tree_model_iter_children(model, &placeholder, parent) != 0
        // The top's first rows are made with the view away, which then takes them all at once:
        // nothing in it is expanded or selected yet to lose.
        let tree = tandem_tree_view(view.raw)
        let detached = parent == nil && entries.count > 1_000
        if detached { gtk_tree_view_set_model(tree, nil) }
        defer { if detached { gtk_tree_view_set_model(tree, model) } }
        for (entry, dimmed) in entries.reversed() {
            var added = GtkTreeIter()
            gtk_tree_store_prepend(store, &added, parent)
            set(&added, entry, Self.path(of: entry, in: folder), dimmed: dimmed)
        }
        // Removed last: a folder whose only child goes is collapsed by GTK.
        if hadPlaceholder { gtk_tree_store_remove(store, &placeholder) }
        if let parent { tandem_folder_tree_set_kind(store, parent, gint(TANDEM_FOLDER_ROW_FOLDER_READ.rawValue)) }
    }

    private func hasNext(_ row: GtkTreeIter) -> Bool {
        var next = row
        return gtk_tree_model_iter_next(model, &next) != 0
    }

    private func set(_ row: UnsafeMutablePointer<GtkTreeIter>, _ entry: FolderListing.Entry, _ path: String, dimmed: Bool) {
        let dimmed: gboolean = dimmed ? 1 : 0
        if entry.isFolder {
            tandem_folder_tree_set(store, row, entry.displayName, path, "folder", gint(TANDEM_FOLDER_ROW_FOLDER_UNREAD.rawValue), entry.id, dimmed)
            var child = GtkTreeIter()
            gtk_tree_store_append(store, &child, row)  // gives the folder its expander until it is listed
            tandem_folder_tree_set(store, &child, "", "", nil, gint(TANDEM_FOLDER_ROW_PLACEHOLDER.rawValue), nil, 0)
        } else {
            tandem_folder_tree_set(store, row, entry.displayName, path, "text-x-generic", gint(TANDEM_FOLDER_ROW_FILE.rawValue), entry.id, dimmed)
        }
    }

    /// Makes the folder row `row` unlisted: collapsed, its children gone, a placeholder in their stead.
    func unlist(_ row: UnsafeMutablePointer<GtkTreeIter>) {
        var child = GtkTreeIter()
        var placeholder = GtkTreeIter()
        gtk_tree_store_prepend(store, &placeholder, row)
        tandem_folder_tree_set(store, &placeholder, "", "", nil, gint(TANDEM_FOLDER_ROW_PLACEHOLDER.rawValue), nil, 0)
        if gtk_tree_model_iter_nth_child(model, &child, row, 1) != 0 {
            while gtk_tree_store_remove(store, &child) != 0 {}
        }
        let path = gtk_tree_model_get_path(model, row)
        gtk_tree_view_collapse_row(tandem_tree_view(view.raw), path)
        gtk_tree_path_free(path)
        tandem_folder_tree_set_kind(store, row, gint(TANDEM_FOLDER_ROW_FOLDER_UNREAD.rawValue))
    }

    /// A kept folder row whose folder is another than the one listed (removed and made again):
    /// its old monitor watches nothing now, so it is followed anew and, if it was listed, listed again.
    private func renew(_ row: UnsafeMutablePointer<GtkTreeIter>, _ entry: FolderListing.Entry) {
        let known = tandem_folder_tree_id(model, row).map { pointer in defer { g_free(pointer) }; return String(cString: pointer) }
        guard known != entry.id, let pointer = tandem_folder_tree_path(model, row) else { return }
        let path = String(cString: pointer)
        g_free(pointer)
        tandem_folder_tree_set(store, row, entry.displayName, path, "folder", tandem_folder_tree_kind(model, row), entry.id, 0)
        guard followed[path] != nil else { return }
        forget(path)
        let treePath = gtk_tree_model_get_path(model, row)
        let reference = gtk_tree_row_reference_new(model, treePath)
        gtk_tree_path_free(treePath)
        list(path, under: reference)
    }

    static func path(of entry: FolderListing.Entry, in folder: String) -> String {
        folder == "/" ? "/" + entry.name : folder + "/" + entry.name
    }

    /// A row's identity: its kind and its path (a file replaced by a folder of its name is new).
    private static func key(_ entry: FolderListing.Entry, in folder: String) -> String {
        (entry.isFolder ? "d" : "f") + path(of: entry, in: folder)
    }
}
