import CGtk

/// The matches of a search highlighted in one buffer (GtkSourceSearchContext). Finding,
/// counting and replacing are done over the whole document, in the store (`DocumentFinder`).
@MainActor
public final class SearchContext: Object {
    private let settings: UnsafeMutablePointer<GtkSourceSearchSettings>  // released in deinit

    /// Creates a search highlighted in `buffer`.
    public init(buffer: SourceBuffer) {
        settings = gtk_source_search_settings_new()!
        super.init(UnsafeMutableRawPointer(gtk_source_search_context_new(buffer.sourceBuffer, settings))!, ownership: .adopt)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(settings)) }

    /// The text searched for ("" searches for nothing).
    public var text: String {
        get { gtk_source_search_settings_get_search_text(settings).map { String(cString: $0) } ?? "" }
        set { gtk_source_search_settings_set_search_text(settings, newValue.isEmpty ? nil : newValue) }
    }
    /// Whether case must match.
    public var isCaseSensitive: Bool {
        get { gtk_source_search_settings_get_case_sensitive(settings) != 0 }
        set { gtk_source_search_settings_set_case_sensitive(settings, newValue ? 1 : 0) }
    }
    /// Whether the text is a regular expression (PCRE, as GtkSourceView takes it).
    public var isRegex: Bool {
        get { gtk_source_search_settings_get_regex_enabled(settings) != 0 }
        set { gtk_source_search_settings_set_regex_enabled(settings, newValue ? 1 : 0) }
    }
}
