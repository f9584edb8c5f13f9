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
    var followed: [String: (monitor: Object, row: OpaquePointer?)] = [:]
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
    func list(_ folder: String, under reference: OpaquePointer?) {
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
    func forget(_ folder: String) {
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
}
