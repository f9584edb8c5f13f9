import CGtk

/// What a view draws or offers beyond the text itself: whitespace marks, and completion of the
/// words already in its buffer.
extension SourceView {
    /// Whether spaces, tabs and non-breaking spaces are drawn as marks (GtkSourceSpaceDrawer).
    public var showsWhitespace: Bool {
        get {
            guard let drawer = gtk_source_view_get_space_drawer(tandem_source_view(raw)) else { return false }
            return gtk_source_space_drawer_get_enable_matrix(drawer) != 0
        }
        set {
            guard let drawer = gtk_source_view_get_space_drawer(tandem_source_view(raw)) else { return }
            let types = GTK_SOURCE_SPACE_TYPE_SPACE.rawValue | GTK_SOURCE_SPACE_TYPE_TAB.rawValue | GTK_SOURCE_SPACE_TYPE_NBSP.rawValue
            gtk_source_space_drawer_set_types_for_locations(drawer, GTK_SOURCE_SPACE_LOCATION_ALL, GtkSourceSpaceTypeFlags(types))
            gtk_source_space_drawer_set_enable_matrix(drawer, newValue ? 1 : 0)
        }
    }

    /// Whether the words of the buffer are offered as completions while typing
    /// (GtkSourceCompletionWords, as gedit's word completion).
    public var completesWords: Bool {
        get { wordProvider != nil }
        set {
            guard newValue != completesWords, let completion = gtk_source_view_get_completion(tandem_source_view(raw)) else { return }
            if newValue {
                guard let words = gtk_source_completion_words_new(nil, nil) else { return }
                gtk_source_completion_words_register(words, tandem_text_buffer(buffer.raw))
                gtk_source_completion_add_provider(completion, tandem_completion_provider(words), nil)
                wordProvider = UnsafeMutableRawPointer(words)
            } else if let words = wordProvider {
                gtk_source_completion_remove_provider(completion, tandem_completion_provider(words), nil)
                g_object_unref(words)
                wordProvider = nil
            }
        }
    }
}
