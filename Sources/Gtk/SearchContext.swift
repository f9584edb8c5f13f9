import CGtk

/// Find and replace in one buffer (GtkSourceSearchContext): matches highlighted, counted,
/// stepped through; replacements edit the buffer as the user would, so they reach the store.
@MainActor
public final class SearchContext: Object {
    private let settings: UnsafeMutablePointer<GtkSourceSearchSettings>  // released in deinit
    private unowned let buffer: SourceBuffer

    /// Creates a search over `buffer`, wrapping around at the ends.
    public init(buffer: SourceBuffer) {
        self.buffer = buffer
        settings = gtk_source_search_settings_new()!
        gtk_source_search_settings_set_wrap_around(settings, 1)
        super.init(UnsafeMutableRawPointer(gtk_source_search_context_new(buffer.sourceBuffer, settings))!, ownership: .adopt)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(settings)) }

    private var context: UnsafeMutablePointer<GtkSourceSearchContext> { raw.assumingMemoryBound(to: GtkSourceSearchContext.self) }

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
    /// Whether a match must be a whole word (start and end at word boundaries).
    public var matchesWholeWords: Bool {
        get { gtk_source_search_settings_get_at_word_boundaries(settings) != 0 }
        set { gtk_source_search_settings_set_at_word_boundaries(settings, newValue ? 1 : 0) }
    }

    /// Which match the selection is, counting from 1 (nil: it is none, or the count is not known yet).
    public var selectedMatchPosition: Int? {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(buffer.buffer, &start, &end)
        let position = gtk_source_search_context_get_occurrence_position(context, &start, &end)
        return position > 0 ? Int(position) : nil
    }

    /// Number of matches, or nil while the buffer is still being scanned.
    public var matchCount: Int? {
        let count = gtk_source_search_context_get_occurrences_count(context)
        return count < 0 ? nil : Int(count)
    }
    /// A message when the regular expression does not compile.
    public var regexError: String? {
        guard let error = gtk_source_search_context_get_regex_error(context) else { return nil }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }

    /// Called when the number of matches is known or changes.
    @discardableResult
    public func onMatchCountChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        connect("notify::occurrences-count", handler)
    }

    /// Selects the next (or previous) match from the caret; false when there is none.
    @discardableResult
    public func select(forward: Bool) -> Bool {
        var at = GtkTextIter(), start = GtkTextIter(), end = GtkTextIter()
        let text = buffer.buffer
        // Forward from the end of the selection, backward from its start, so a found match is skipped.
        var selectionStart = GtkTextIter(), selectionEnd = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(text, &selectionStart, &selectionEnd)
        at = forward ? selectionEnd : selectionStart
        let found = forward
            ? gtk_source_search_context_forward(context, &at, &start, &end, nil)
            : gtk_source_search_context_backward(context, &at, &start, &end, nil)
        guard found != 0 else { return false }
        gtk_text_buffer_select_range(text, &start, &end)
        return true
    }

    /// Replaces the selected match (if the selection is one) and selects the next; false if none.
    @discardableResult
    public func replaceSelected(with replacement: String) -> Bool {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(buffer.buffer, &start, &end)
        var error: UnsafeMutablePointer<GError>?
        let replaced = gtk_source_search_context_replace(context, &start, &end, replacement, -1, &error) != 0
        g_clear_error(&error)
        select(forward: true)
        return replaced
    }

    /// Replaces every match; returns how many.
    @discardableResult
    public func replaceAll(with replacement: String) -> Int {
        var error: UnsafeMutablePointer<GError>?
        let count = gtk_source_search_context_replace_all(context, replacement, -1, &error)
        g_clear_error(&error)
        return Int(count)
    }
}
