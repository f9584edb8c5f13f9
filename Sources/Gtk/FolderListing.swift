import CGtk

/// One folder's children as GIO lists them, in the file manager's order: folders first, then
/// files, each by name as `g_utf8_collate_key_for_filename` sorts them ("file10" after "file9"),
/// hidden ones (GIO's `standard::is-hidden`: a leading dot, or named in `.hidden`) marked.
/// Blocking: called off the main thread.
enum FolderListing: Sendable {
    struct Entry: Sendable {
        /// The name on disk, and the name to show (valid UTF-8 whatever the bytes are).
        let name: String
        let displayName: String
        let isFolder: Bool
        let isHidden: Bool
        /// GIO's `id::file` (device and inode): a folder removed and made again has another.
        let id: String
    }

    case success([Entry])
    case failure(String)

    static func read(_ folder: String) -> FolderListing {
        let file = g_file_new_for_path(folder)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let enumerator = g_file_enumerate_children(
            file, "standard::name,standard::display-name,standard::type,standard::is-hidden,id::file", G_FILE_QUERY_INFO_NONE, nil, &error) else {
            defer { g_clear_error(&error) }
            return .failure(error.map { String(cString: $0.pointee.message) } ?? "unknown error")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(enumerator)) }
        var entries: [(entry: Entry, key: [UInt8])] = []
        while let info = g_file_enumerator_next_file(enumerator, nil, &error) {
            defer { g_object_unref(UnsafeMutableRawPointer(info)) }
            guard let name = g_file_info_get_name(info) else { continue }
            let display = g_file_info_get_display_name(info).map { String(cString: $0) } ?? String(cString: name)
            let key = g_utf8_collate_key_for_filename(display, -1)
            defer { g_free(key) }
            let isFolder = g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY
            // The key is for strcmp, not always UTF-8: compared as bytes.
            let bytes = key.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? Array(display.utf8)
            let id = g_file_info_get_attribute_string(info, "id::file").map { String(cString: $0) } ?? ""
            entries.append((Entry(name: String(cString: name), displayName: display, isFolder: isFolder,
                                 isHidden: g_file_info_get_is_hidden(info) != 0, id: id), bytes))
        }
        g_clear_error(&error)  // a child that could not be read is left out; the rest stand
        entries.sort { a, b in a.entry.isFolder != b.entry.isFolder ? a.entry.isFolder : a.key.lexicographicallyPrecedes(b.key) }
        return .success(entries.map(\.entry))
    }
}
