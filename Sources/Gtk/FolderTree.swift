import Background
import CGtk
import Dispatch

/// A folder's files as a tree, as gedit's file browser panel shows them: folders first, then
/// files, each by name as the file manager sorts them; hidden files left out. A folder's children
/// are listed only when it is first expanded, through GIO on a queue of their own, so a window
/// on a large tree waits for nothing.
@MainActor
public final class FolderTree: Widget {
    /// The folder at the top; its children are the tree's first rows.
    public let root: String
    private let view: Widget
    private let store: UnsafeMutablePointer<GtkTreeStore>
    /// Called with a file's path when its row is activated (Enter, a double click).
    public var onOpen: (@MainActor (String) -> Void)?
    /// Called when the top folder cannot be listed, with the system's message.
    public var onFailure: (@MainActor (String) -> Void)?
    private nonisolated static let reads = DispatchQueue(label: "tandem.folder-tree", qos: .userInitiated)

    public init(root: String, accessibleName: String) {
        self.root = root
        let scroller = gtk_scrolled_window_new(nil, nil)!
        store = tandem_folder_tree_store()
        let tree = gtk_tree_view_new_with_model(OpaquePointer(store))!
        g_object_unref(UnsafeMutableRawPointer(store))  // the view holds the store
        view = Widget(UnsafeMutableRawPointer(tree), ownership: .sink)
        super.init(UnsafeMutableRawPointer(scroller), ownership: .sink)
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

    /// The tree view itself, to give the keyboard focus to.
    public func focusTree() { view.grabFocus() }

    private var model: OpaquePointer { OpaquePointer(store) }

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
    /// names (the top when nil), if that row is still there.
    private func list(_ folder: String, under reference: OpaquePointer?) {
        nonisolated(unsafe) let reference = reference  // handed back to the main thread only
        Background.run(on: Self.reads, { FolderListing.read(folder) }) { [weak self] listing in
            defer { if let reference { gtk_tree_row_reference_free(reference) } }
            guard let self else { return }
            var parent = GtkTreeIter()
            let hasParent: Bool
            if let reference {
                guard let path = gtk_tree_row_reference_get_path(reference) else { return }  // the row went
                defer { gtk_tree_path_free(path) }
                guard gtk_tree_model_get_iter(self.model, &parent, path) != 0 else { return }
                hasParent = true
            } else {
                hasParent = false
            }
            switch listing {
            case .failure(let message):
                if hasParent { tandem_folder_tree_set_kind(self.store, &parent, gint(TANDEM_FOLDER_ROW_FOLDER_UNREAD.rawValue)) }
                else { self.onFailure?(message) }
            case .success(let entries):
                if hasParent { self.fill(entries, in: folder, under: &parent) } else { self.fill(entries, in: folder, under: nil) }
            }
        }
    }

    private func fill(_ entries: [FolderListing.Entry], in folder: String, under parent: UnsafeMutablePointer<GtkTreeIter>?) {
        // The placeholder that gave the folder its expander goes once its children are in.
        var placeholder = GtkTreeIter()
        let hadPlaceholder = parent != nil && gtk_tree_model_iter_children(model, &placeholder, parent) != 0
        for entry in entries {
            var row = GtkTreeIter()
            gtk_tree_store_append(store, &row, parent)
            let path = folder == "/" ? "/" + entry.name : folder + "/" + entry.name
            if entry.isFolder {
                tandem_folder_tree_set(store, &row, entry.displayName, path, "folder", gint(TANDEM_FOLDER_ROW_FOLDER_UNREAD.rawValue))
                var child = GtkTreeIter()
                gtk_tree_store_append(store, &child, &row)
                tandem_folder_tree_set(store, &child, "", "", nil, gint(TANDEM_FOLDER_ROW_PLACEHOLDER.rawValue))
            } else {
                tandem_folder_tree_set(store, &row, entry.displayName, path, "text-x-generic", gint(TANDEM_FOLDER_ROW_FILE.rawValue))
            }
        }
        if let parent {
            tandem_folder_tree_set_kind(store, parent, gint(TANDEM_FOLDER_ROW_FOLDER_READ.rawValue))
            if hadPlaceholder { gtk_tree_store_remove(store, &placeholder) }
        }
    }
}
