import CGtk

/// GtkSourceView's languages: the highlighting rules for one kind of file.
public enum SourceLanguage {
    /// The id of the language for a file, from its name and its first bytes (GLib's content-type
    /// guess reads both, a shebang included), or nil for plain text.
    public static func guess(fileName: String?, head: [UInt8]) -> String? {
        guard let manager = gtk_source_language_manager_get_default() else { return nil }
        var uncertain: gboolean = 0
        let type = head.withUnsafeBufferPointer { g_content_type_guess(fileName, $0.baseAddress, gsize($0.count), &uncertain) }
        defer { g_free(type) }
        guard let language = gtk_source_language_manager_guess_language(manager, fileName, type),
              let id = gtk_source_language_get_id(language) else { return nil }
        return String(cString: id)
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
