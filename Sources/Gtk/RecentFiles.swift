import CGtk

/// The desktop's list of recently used files (GtkRecentManager), shared with other GTK apps.
@MainActor
public enum RecentFiles {
    /// Records that the file at `path` was opened or saved, once the main loop has nothing more
    /// urgent (after a launch's first frame), off the main thread (`RecentList`): the list is a
    /// whole XML file read and written back at every change.
    public static func add(_ path: String) {
        pending.append(path)
        guard recorder == nil, !isWriting else { return }
        recorder = IdleSource(priority: MainLoopPriority.whenIdle) {
            recorder = nil
            writePending()
            return false
        }
    }

    private static var pending: [String] = []
    private static var recorder: IdleSource?
    /// Whether the list is being written: the next update waits for it.
    private static var isWriting = false

    private static func writePending() {
        guard !isWriting, !pending.isEmpty else { return }
        let paths = pending
        pending = []
        // The desktop's settings (GtkSettings), as GtkRecentManager honours them.
        guard let settings = gtk_settings_get_default(), tandem_object_get_bool(settings, "gtk-recent-files-enabled") != 0 else { return }
        // An address on a server is a URI already.
        let uris = paths.compactMap { path in
            path.hasPrefix("/") ? g_filename_to_uri(path, nil, nil).map { uri in defer { g_free(uri) }; return String(cString: uri) } : path
        }
        guard !uris.isEmpty else { return }
        let maximumAge = tandem_object_get_int(settings, "gtk-recent-files-max-age")
        let name = g_get_application_name().map { String(cString: $0) } ?? "tandem"
        let program = g_get_prgname().map { String(cString: $0) } ?? "tandem"
        isWriting = true
        RecentList.add(.init(uris: uris, applicationName: name, applicationExec: program + " %u", maximumAgeDays: Int(maximumAge))) {
            isWriting = false
            writePending()  // what was opened meanwhile
        }
    }

    /// The recently used files that are still there (those on servers as their addresses, not
    /// asked for), most recent first (at most `limit`, folders left out): what Quick Open ranks first.
    public static func recentPaths(limit: Int = 200) -> [String] {
        recentEntries(limit: limit, includingFolders: false).map(\.path)
    }

    /// A recently used file or folder: its path (or a server's address), and whether it is a folder.
    public struct Entry: Sendable, Equatable {
        public let path: String
        public let isFolder: Bool
    }

    /// The recently used files, and folders if `includingFolders`, that are still there, most
    /// recent first (at most `limit`): what Open Recent offers.
    public static func recentEntries(limit: Int = 200, includingFolders: Bool) -> [Entry] {
        guard let manager = gtk_recent_manager_get_default() else { return [] }
        let items = gtk_recent_manager_get_items(manager)
        defer { g_list_free_full(items) { gtk_recent_info_unref(OpaquePointer($0)) } }
        var entries: [(time: Int, info: OpaquePointer, isFolder: Bool)] = []
        var node = items
        while let item = node {
            let info = OpaquePointer(item.pointee.data)!
            let isFolder = gtk_recent_info_get_mime_type(info).map { String(cString: $0) } == "inode/directory"
            if includingFolders || !isFolder { entries.append((Int(gtk_recent_info_get_modified(info)), info, isFolder)) }
            node = item.pointee.next
        }
        var found: [Entry] = []
        for entry in entries.sorted(by: { $0.time > $1.time }) where found.count < limit {
            guard let uri = gtk_recent_info_get_uri(entry.info) else { continue }
            guard gtk_recent_info_is_local(entry.info) != 0 else {
                // A server is not asked from here (it may be slow or gone): offered as it was.
                if String(cString: uri).contains("://") { found.append(Entry(path: String(cString: uri), isFolder: entry.isFolder)) }
                continue
            }
            // One stat each, for the ones offered only.
            guard gtk_recent_info_exists(entry.info) != 0, let name = g_filename_from_uri(uri, nil, nil) else { continue }
            found.append(Entry(path: String(cString: name), isFolder: entry.isFolder))
            g_free(name)
        }
        return found
    }
}
