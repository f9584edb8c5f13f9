import Background
import CGtk
import Dispatch

/// The desktop's list of recently used files (`recently-used.xbel`), updated off the main thread
/// in one pass with GBookmarkFile. GtkRecentManager would parse the whole list on the main
/// thread when first made (~3 ms for a few hundred entries), write it back 250 ms after a change
/// and then parse its own write again.
enum RecentList {
    /// One update at a time, in the order asked: none undoes another's entry.
    private nonisolated static let writes = DispatchQueue(label: "tandem.recent")

    /// What one update adds, and as whom.
    struct Addition: Sendable {
        var uris: [String]
        var applicationName: String
        var applicationExec: String
        /// Entries changed longer ago go (gtk-recent-files-max-age; 0 or less: keep all).
        var maximumAgeDays: Int
    }

    /// Adds the files to the list, then calls `done` on the main thread.
    static func add(_ addition: Addition, then done: @escaping @MainActor @Sendable () -> Void) {
        Background.run(on: writes, { update(with: addition) }, then: { _ in done() })
    }

    /// Reads the list, drops old entries, adds the files, writes it back whole (0600, replaced
    /// atomically, as GTK does). A list that exists but cannot be read is left as it is, rather
    /// than replaced by one holding only these files.
    private nonisolated static func update(with addition: Addition) {
        let path = String(cString: g_get_user_data_dir()) + "/recently-used.xbel"
        guard let list = g_bookmark_file_new() else { return }
        defer { g_bookmark_file_free(list) }
        var error: UnsafeMutablePointer<GError>?
        let loaded = g_bookmark_file_load_from_file(list, path, &error) != 0
        let missing = error.map { $0.pointee.domain == g_file_error_quark() && $0.pointee.code == G_FILE_ERROR_NOENT.rawValue } ?? false
        g_clear_error(&error)
        guard loaded || missing else { return }
        forget(olderThan: addition.maximumAgeDays, in: list)
        for uri in addition.uris {
            // As GtkRecentManager records a file: its MIME type and this application.
            let file = g_file_new_for_uri(uri)
            let info = g_file_query_info(file, "standard::content-type", G_FILE_QUERY_INFO_NONE, nil, nil)
            let type = info.flatMap { g_file_info_get_content_type($0) }
            let mime = type.flatMap { g_content_type_get_mime_type($0) }
            g_bookmark_file_set_mime_type(list, uri, mime.map { String(cString: $0) } ?? "application/octet-stream")
            g_bookmark_file_add_application(list, uri, addition.applicationName, addition.applicationExec)
            g_free(mime)
            if let info { g_object_unref(UnsafeMutableRawPointer(info)) }
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        var length: gsize = 0
        guard let text = g_bookmark_file_to_data(list, &length, nil) else { return }
        defer { g_free(text) }
        g_mkdir_with_parents(String(cString: g_get_user_data_dir()), 0o700)
        g_file_set_contents_full(path, text, gssize(length), G_FILE_SET_CONTENTS_CONSISTENT, 0o600, nil)
    }

    /// Drops the entries last changed more than `days` ago, as GtkRecentManager does when it
    /// reads the list.
    private nonisolated static func forget(olderThan days: Int, in list: OpaquePointer) {
        guard days > 0, let now = g_date_time_new_now_utc() else { return }
        defer { g_date_time_unref(now) }
        var count: gsize = 0
        guard let uris = g_bookmark_file_get_uris(list, &count) else { return }
        defer { g_strfreev(uris) }
        for index in 0..<Int(count) {
            guard let uri = uris[index], let changed = g_bookmark_file_get_modified_date_time(list, uri, nil) else { continue }
            if g_date_time_difference(now, changed) / GTimeSpan(86_400_000_000) > days {
                g_bookmark_file_remove_item(list, uri, nil)
            }
        }
    }
}
