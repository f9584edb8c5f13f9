import CGtk
import Glibc

/// One folder's children as GIO lists them, in the file manager's order: folders first, then
/// files, each by name as `g_utf8_collate_key_for_filename` sorts them ("file10" after "file9"),
/// hidden ones (as GIO's `standard::is-hidden` says: a leading dot, or named in `.hidden`) marked.
/// Blocking: called off the main thread.
enum FolderListing: Sendable {
    struct Entry: Sendable {
        /// The name on disk, and the name to show (valid UTF-8 whatever the bytes are).
        let name: String
        let displayName: String
        let isFolder: Bool
        let isHidden: Bool
        /// A folder's device and inode ("" for a file): one removed and made again has another.
        let id: String
    }

    case success([Entry])
    case failure(String)

    static func read(_ folder: String) -> FolderListing {
        let file = g_file_new_for_path(folder)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        // Only what a folder's own entries say (readdir's name and type): GIO then stats no file.
        // Hidden is worked out here as GIO does, and only folders are stat'ed, for their id.
        guard let enumerator = g_file_enumerate_children(
            file, "standard::name,standard::display-name,standard::type", G_FILE_QUERY_INFO_NONE, nil, &error) else {
            defer { g_clear_error(&error) }
            return .failure(error.map { String(cString: $0.pointee.message) } ?? "unknown error")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(enumerator)) }
        let hiddenNames = hiddenList(in: folder)
        var entries: [(entry: Entry, key: [UInt8])] = []
        while let info = g_file_enumerator_next_file(enumerator, nil, &error) {
            defer { g_object_unref(UnsafeMutableRawPointer(info)) }
            guard let raw = g_file_info_get_name(info) else { continue }
            let name = String(cString: raw)
            let display = g_file_info_get_display_name(info).map { String(cString: $0) } ?? name
            let key = g_utf8_collate_key_for_filename(display, -1)
            defer { g_free(key) }
            // A link to a folder is listed as what it names, as the file manager lists it.
            let type = g_file_info_get_file_type(info)
            let path = folder == "/" ? "/" + name : folder + "/" + name
            let isFolder = type == G_FILE_TYPE_DIRECTORY || (type == G_FILE_TYPE_SYMBOLIC_LINK && isFolderBehindLink(path))
            // The key is for strcmp, not always UTF-8: compared as bytes.
            let bytes = key.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? Array(display.utf8)
            entries.append((Entry(name: name, displayName: display, isFolder: isFolder,
                                  isHidden: name.hasPrefix(".") || hiddenNames.contains(name), id: isFolder ? identity(of: path) : ""), bytes))
        }
        g_clear_error(&error)  // a child that could not be read is left out; the rest stand
        entries.sort { a, b in a.entry.isFolder != b.entry.isFolder ? a.entry.isFolder : a.key.lexicographicallyPrecedes(b.key) }
        return .success(entries.map(\.entry))
    }

    /// The names a folder's `.hidden` file lists, one a line (GIO's and the file manager's rule).
    private static func hiddenList(in folder: String) -> Set<String> {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(folder + "/.hidden", &contents, &length, nil) != 0, let contents else { return [] }
        defer { g_free(contents) }
        let text = String(decoding: UnsafeRawBufferPointer(start: contents, count: Int(length)), as: UTF8.self)
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// A folder's device and inode: one removed and made again in its place has another.
    private static func identity(of path: String) -> String {
        var info = stat()
        return stat(path, &info) == 0 ? "\(info.st_dev):\(info.st_ino)" : ""
    }

    private static func isFolderBehindLink(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
