import Background
import CGtk
import Dispatch

/// A folder's files as a tree, as gedit's file browser panel shows them: folders first, then
/// files, each by name as the file manager sorts them; hidden and ignored files left out, or
/// shown greyed (`showsHidden`). A folder's children
/// are listed only when it is first expanded, through GIO on a queue of their own, so a window
/// on a large tree waits for nothing; every folder listed is then followed (a GIO monitor), and
/// listed again when something in it is created, deleted or renamed (a checkout, a build).
@MainActor
public final class FolderTree: Widget {
    /// The folder at the top; its children are the tree's first rows.
    public let root: String
    let view: Widget
    let store: UnsafeMutablePointer<GtkTreeStore>
    /// The passing messages at the foot of the tree (Undo after a move to the Trash).
    public let toast: Toast
    /// The names of a folder's entries that version control ignores (`.gitignore`), asked off
    /// the main thread with each listing.
    public typealias IgnoredNames = @Sendable (_ folder: String, _ entries: [(name: String, isFolder: Bool)]) -> Set<String>
    private let ignoredNames: IgnoredNames?
    /// Whether hidden and ignored files are shown (greyed) rather than left out; the tree is
    /// listed again when it changes.
    public var showsHidden = false {
        didSet {
            guard showsHidden != oldValue else { return }
            for (folder, entry) in followed { list(folder, under: entry.row.map { gtk_tree_row_reference_copy($0) }) }
        }
    }
    /// Called with a file's path when its row is activated (Enter, a double click).
    public var onOpen: (@MainActor (String) -> Void)?
    /// The row the context menu (or a key of the tree) acts on: the one it was opened on.
    public internal(set) var menuRow: Row?
    /// Called when the top folder cannot be listed, with the system's message.
    public var onFailure: (@MainActor (String) -> Void)?
    private nonisolated static let reads = DispatchQueue(label: "tandem.folder-tree", qos: .userInitiated)
    /// The folders listed, each with its monitor and its row (nil for the top).
    private var followed: [String: (monitor: Object, row: OpaquePointer?)] = [:]
    /// The folders to list again once their changes settle.
    private var changed: Set<String> = []
    private var relister: TimerSource?

    public init(root: String, accessibleName: String, closeName: String, ignoredNames: IgnoredNames? = nil) {
        self.root = root
        self.ignoredNames = ignoredNames
        toast = Toast(closeName: closeName)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let scroller = gtk_scrolled_window_new(nil, nil)!
        store = tandem_folder_tree_store()
        let tree = gtk_tree_view_new_with_model(OpaquePointer(store))!
        // The store's own reference is kept until this object goes: a listing that comes back
        // after the window closed (and its view with it) still finds the store alive.
        view = Widget(UnsafeMutableRawPointer(tree), ownership: .sink)
        super.init(UnsafeMutableRawPointer(box), ownership: .sink)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_container_add(tandem_container(box), scroller)
        gtk_container_add(tandem_container(box), toast.widget)
        gtk_scrolled_window_set_policy(UnsafeMutablePointer<GtkScrolledWindow>(OpaquePointer(scroller)), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_tree_view_set_headers_visible(tandem_tree_view(view.raw), 0)
        gtk_tree_view_set_enable_search(tandem_tree_view(view.raw), 1)
        gtk_tree_view_set_search_column(tandem_tree_view(view.raw), gint(TANDEM_FOLDER_NAME))
        tandem_folder_tree_add_column(tandem_tree_view(view.raw))
        gtk_container_add(tandem_container(scroller), tree)
        view.setAccessibleName(accessibleName)
        view.connectTwoPointers("row-expanded") { [weak self] iter, _ in
            guard let self, let iter else { return }
            self.expanded(UnsafeMutablePointer<GtkTreeIter>(iter))
        }
        view.connectTwoPointers("row-activated") { [weak self] path, _ in
            guard let self, let path else { return }
            self.activated(path)
        }
        gtk_widget_set_size_request(widget, 120, -1)
        gtk_widget_show_all(widget)
        list(root, under: nil)
    }

    isolated deinit {
        for entry in followed.values {
            g_file_monitor_cancel(entry.monitor.raw.assumingMemoryBound(to: GFileMonitor.self))
            if let row = entry.row { gtk_tree_row_reference_free(row) }
        }
        g_object_unref(UnsafeMutableRawPointer(store))
    }

    /// How many rows the top folder shows (benchmarks wait for its first listing).
    public var topRowCount: Int { Int(gtk_tree_model_iter_n_children(model, nil)) }

    /// The tree view itself, to give the keyboard focus to.
    public func focusTree() { view.grabFocus() }

    var model: OpaquePointer { OpaquePointer(store) }

    private func expanded(_ iter: UnsafeMutablePointer<GtkTreeIter>) {
        guard tandem_folder_tree_kind(model, iter) == gint(TANDEM_FOLDER_ROW_FOLDER_UNREAD.rawValue),
              let path = tandem_folder_tree_path(model, iter) else { return }
        defer { g_free(path) }
        tandem_folder_tree_set_kind(store, iter, gint(TANDEM_FOLDER_ROW_FOLDER_READING.rawValue))
        let treePath = gtk_tree_model_get_path(model, iter)
        let reference = gtk_tree_row_reference_new(model, treePath)
        gtk_tree_path_free(treePath)
        list(String(cString: path), under: reference)
    }

    private func activated(_ path: OpaquePointer) {
        var iter = GtkTreeIter()
        guard gtk_tree_model_get_iter(model, &iter, path) != 0 else { return }
        let kind = tandem_folder_tree_kind(model, &iter)
        if kind == gint(TANDEM_FOLDER_ROW_FILE.rawValue) {
            guard let file = tandem_folder_tree_path(model, &iter) else { return }
            defer { g_free(file) }
            onOpen?(String(cString: file))
        } else if kind != gint(TANDEM_FOLDER_ROW_PLACEHOLDER.rawValue) {
            if gtk_tree_view_row_expanded(tandem_tree_view(view.raw), path) != 0 {
                gtk_tree_view_collapse_row(tandem_tree_view(view.raw), path)
            } else {
                gtk_tree_view_expand_row(tandem_tree_view(view.raw), path, 0)
            }
        }
    }

    /// Lists `folder` off the main thread, then puts its children under the row `reference`
    /// names (the top when nil), if that row is still there, and follows the folder from then on.
    /// The reference is `list`'s own: it is kept by `follow` or freed.
    private func list(_ folder: String, under reference: OpaquePointer?) {
        nonisolated(unsafe) let reference = reference  // handed back to the main thread only
        let ignoredNames = ignoredNames
        Background.run(on: Self.reads, { () -> (FolderListing, Set<String>) in
            let listing = FolderListing.read(folder)
            guard case .success(let entries) = listing, let ignoredNames else { return (listing, []) }
            return (listing, ignoredNames(folder, entries.map { ($0.name, $0.isFolder) }))
        }) { [weak self] listed in
            let (listing, ignored) = listed
            guard let self else {
                if let reference { gtk_tree_row_reference_free(reference) }
                return
            }
            var parent = GtkTreeIter()
            if let reference {
                let path = gtk_tree_row_reference_get_path(reference)
                defer { if let path { gtk_tree_path_free(path) } }
                guard let path, gtk_tree_model_get_iter(self.model, &parent, path) != 0 else {  // the row went
                    gtk_tree_row_reference_free(reference)
                    return self.forget(folder)
                }
            }
            switch listing {
            case .failure(let message):
                if let reference {
                    // What it held is unknown now (it went, or cannot be read): it is listed
                    // again when next expanded.
                    self.unlist(&parent)
                    gtk_tree_row_reference_free(reference)
                } else {
                    self.onFailure?(message)
                }
                self.forget(folder)
            case .success(let all):
                let entries = all.compactMap { entry -> (FolderListing.Entry, dimmed: Bool)? in
                    let dimmed = entry.isHidden || ignored.contains(entry.name)
                    return dimmed && !self.showsHidden ? nil : (entry, dimmed)
                }
                if reference != nil { self.fill(entries, in: folder, under: &parent) } else { self.fill(entries, in: folder, under: nil) }
                self.follow(folder, row: reference)
            }
        }
    }

    /// Watches `folder` (its row: `row`, kept or freed here) for children that come and go.
    private func follow(_ folder: String, row: OpaquePointer?) {
        guard followed[folder] == nil else {
            if let row { gtk_tree_row_reference_free(row) }  // listed again: the row it had stays
            return
        }
        let file = g_file_new_for_path(folder)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let raw = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else {
            if let row { gtk_tree_row_reference_free(row) }
            return
        }
        let monitor = Object(UnsafeMutableRawPointer(raw), ownership: .adopt)
        monitor.connectFileMonitorChanged { [weak self] in self?.changedSoon(folder) }
        followed[folder] = (monitor, row)
    }

    /// Stops following `folder` and every folder under it (their rows went).
    private func forget(_ folder: String) {
        for (path, entry) in followed where path == folder || path.hasPrefix(folder + "/") {
            g_file_monitor_cancel(entry.monitor.raw.assumingMemoryBound(to: GFileMonitor.self))
            if let row = entry.row { gtk_tree_row_reference_free(row) }
            followed[path] = nil
        }
    }

    /// Lists `folder` again once its changes have settled (a checkout changes many at once).
    private func changedSoon(_ folder: String) {
        changed.insert(folder)
        guard relister == nil else { return }
        relister = TimerSource(milliseconds: 100) { [weak self] in
            guard let self else { return false }
            self.relister = nil
            let folders = self.changed
            self.changed = []
            for folder in folders {
                guard let entry = self.followed[folder] else { continue }
                self.list(folder, under: entry.row.map { gtk_tree_row_reference_copy($0) })
            }
            return false
        }
    }

    /// Makes the rows under `parent` (the top when nil) `entries`, in order: rows that stay keep
    /// their children and expansion, new ones come in at their place, gone ones go.
    private func fill(_ entries: [(entry: FolderListing.Entry, dimmed: Bool)], in folder: String, under parent: UnsafeMutablePointer<GtkTreeIter>?) {
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
    private func unlist(_ row: UnsafeMutablePointer<GtkTreeIter>) {
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

    private static func path(of entry: FolderListing.Entry, in folder: String) -> String {
        folder == "/" ? "/" + entry.name : folder + "/" + entry.name
    }

    /// A row's identity: its kind and its path (a file replaced by a folder of its name is new).
    private static func key(_ entry: FolderListing.Entry, in folder: String) -> String {
        (entry.isFolder ? "d" : "f") + path(of: entry, in: folder)
    }
}
