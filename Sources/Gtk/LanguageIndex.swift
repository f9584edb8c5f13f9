import CGtk
import Glibc

/// Every file-name glob and MIME type GtkSourceView's languages claim, kept in the user's cache
/// folder. Asking GtkSourceView anything about languages parses all ~150 definitions (~10 ms); with
/// the index a file no language claims (a `.txt`, a README) is known as plain text without that.
/// The index is keyed on the language folders' modification times and rewritten when they change.
enum LanguageIndex {
    /// What the index holds: a signature of the language folders, the globs and the MIME types.
    struct Claims: Equatable {
        var signature: String
        var globs: [String]
        var mimeTypes: [String]
    }

    /// Whether some language may claim a file named `fileName` of `contentType` (as
    /// `gtk_source_language_manager_guess_language` matches: its name against every glob, its type
    /// against every MIME type or a parent of it); nil when there is no current index to ask.
    static func someLanguageClaims(fileName: String?, contentType: String?) -> Bool? {
        guard let claims = load(), claims.signature == signature() else { return nil }
        // withCString: an implicit conversion would copy each glob and type into a new C string.
        if let fileName, let owned = g_filename_display_name(fileName) {
            defer { g_free(owned) }
            let display = String(cString: owned)  // as GtkSourceView matches it
            if claims.globs.contains(where: { glob in glob.withCString { g_pattern_match_simple($0, display) != 0 } }) { return true }
        }
        if let contentType {
            return claims.mimeTypes.contains { type in
                type.withCString { g_content_type_is_a(contentType, $0) != 0 || g_content_type_equals(contentType, $0) != 0 }
            }
        }
        return false
    }

    /// Writes the index from the default manager once its languages are loaded anyway (nothing to
    /// do when the index is current).
    static func saveIfStale(from manager: UnsafeMutablePointer<GtkSourceLanguageManager>) {
        let current = signature()
        guard load()?.signature != current, let ids = gtk_source_language_manager_get_language_ids(manager) else { return }
        var claims = Claims(signature: current, globs: [], mimeTypes: [])
        var index = 0
        while let id = ids[index] {
            index += 1
            guard let language = gtk_source_language_manager_get_language(manager, id) else { continue }
            claims.globs += strings(gtk_source_language_get_globs(language))
            claims.mimeTypes += strings(gtk_source_language_get_mime_types(language))
        }
        let text = ([claims.signature] + claims.globs.map { "glob\t" + $0 } + claims.mimeTypes.map { "mime\t" + $0 }).joined(separator: "\n")
        g_mkdir_with_parents(folder, 0o700)
        g_file_set_contents(path, text, gssize(text.utf8.count), nil)  // atomic: a temp file renamed
    }

    /// The language folders GtkSourceView reads, each with its modification time ("-": missing).
    static func signature() -> String {
        guard let manager = gtk_source_language_manager_get_default(),
              let folders = gtk_source_language_manager_get_search_path(manager) else { return "" }
        var parts: [String] = []
        var index = 0
        while let folder = folders[index] {
            index += 1
            var info = stat()
            let stamp = stat(folder, &info) == 0 ? "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "-"
            parts.append(String(cString: folder) + "=" + stamp)
        }
        return parts.joined(separator: "|")
    }

    static var path: String { folder + "/language-index" }
    /// The program's own cache folder (GLib's program name: the app sets it).
    private static var folder: String {
        String(cString: g_get_user_cache_dir()) + "/" + (g_get_prgname().map { String(cString: $0) } ?? "gtk-app")
    }

    /// The index as last read, and the file's time and size then: every window asks, the file is
    /// read again only when it changed. (Languages are guessed on the main thread only.)
    private nonisolated(unsafe) static var lastRead: (stamp: String, claims: Claims?)?

    private static func load() -> Claims? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let stamp = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_size)"
        if let lastRead, lastRead.stamp == stamp { return lastRead.claims }
        let claims = read()
        lastRead = (stamp, claims)
        return claims
    }

    private static func read() -> Claims? {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return nil }
        defer { g_free(contents) }
        // Split as bytes: splitting the String walks grapheme clusters (~4 M instructions here).
        let bytes = UnsafeRawBufferPointer(start: contents, count: Int(length))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first else { return nil }
        var claims = Claims(signature: String(decoding: first, as: UTF8.self), globs: [], mimeTypes: [])
        for line in lines.dropFirst() {
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return nil }  // damaged: as good as none
            let value = String(decoding: line[(tab + 1)...], as: UTF8.self)
            switch String(decoding: line[..<tab], as: UTF8.self) {
            case "glob": claims.globs.append(value)
            case "mime": claims.mimeTypes.append(value)
            default: return nil
            }
        }
        return claims
    }

    /// A NULL-terminated GLib string array as Swift strings, the array freed.
    private static func strings(_ array: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let array else { return [] }
        defer { g_strfreev(array) }
        var result: [String] = []
        var index = 0
        while let item = array[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }
}
