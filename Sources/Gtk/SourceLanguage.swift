import CGtk

/// GtkSourceView's languages: the highlighting rules for one kind of file.
public enum SourceLanguage {
    /// The id of the language for a file, from its name and its first bytes (GLib's content-type
    /// guess reads both, a shebang included), or nil for plain text.
    public static func guess(fileName: String?, head: [UInt8]) -> String? {
        guess(fileName: fileName, head: head, consultingIndex: true)
    }

    /// `guess`, with or without the index's shortcut (the tests compare the two).
    static func guess(fileName: String?, head: [UInt8], consultingIndex: Bool) -> String? {
        // Nothing to go by (a new empty window): plain text, without loading every language.
        guard fileName != nil || !head.isEmpty, let manager = gtk_source_language_manager_get_default() else { return nil }
        var uncertain: gboolean = 0
        let type = head.withUnsafeBufferPointer { g_content_type_guess(fileName, $0.baseAddress, gsize($0.count), &uncertain) }
        defer { g_free(type) }
        if consultingIndex, LanguageIndex.someLanguageClaims(fileName: fileName, contentType: type.map { String(cString: $0) }) == false { return nil }
        let language = gtk_source_language_manager_guess_language(manager, fileName, type)
        LanguageIndex.saveIfStale(from: manager)  // the languages are loaded now: the index is cheap
        return language.flatMap { gtk_source_language_get_id($0) }.map { String(cString: $0) }
    }

    /// Every language a user may pick (hidden ones left out), as (id, name), by name.
    public static func all() -> [(id: String, name: String)] {
        guard let manager = gtk_source_language_manager_get_default(),
              let ids = gtk_source_language_manager_get_language_ids(manager) else { return [] }
        var languages: [(id: String, name: String)] = []
        var index = 0
        while let id = ids[index] {
            index += 1
            guard let language = gtk_source_language_manager_get_language(manager, id),
                  gtk_source_language_get_hidden(language) == 0, let name = gtk_source_language_get_name(language) else { continue }
            languages.append((String(cString: id), String(cString: name)))
        }
        return languages.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// A language's metadata from its definition (`line-comment-start`, `block-comment-start`…),
    /// nil when the language or the key is unknown.
    public static func metadata(_ key: String, of id: String?) -> String? {
        guard let id, let manager = gtk_source_language_manager_get_default(),
              let language = gtk_source_language_manager_get_language(manager, id),
              let value = gtk_source_language_get_metadata(language, key) else { return nil }
        return String(cString: value)
    }

    /// The name to show for a language id (nil: none or unknown).
    public static func name(of id: String?) -> String? {
        guard let id, let manager = gtk_source_language_manager_get_default(),
              let language = gtk_source_language_manager_get_language(manager, id),
              let name = gtk_source_language_get_name(language) else { return nil }
        return String(cString: name)
    }
}

extension SourceBuffer {
    /// The id of the language highlighting the buffer's text (nil: none, plain text).
    public var languageID: String? {
        get { gtk_source_buffer_get_language(sourceBuffer).flatMap { gtk_source_language_get_id($0) }.map { String(cString: $0) } }
        set {
            let manager = gtk_source_language_manager_get_default()
            let language = newValue.flatMap { id in manager.flatMap { gtk_source_language_manager_get_language($0, id) } }
            gtk_source_buffer_set_language(sourceBuffer, language)
        }
    }
}
