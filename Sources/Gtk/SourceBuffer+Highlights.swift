import CGtk

/// Named highlights: ranges of the buffer painted with a background colour (text tags), which
/// move with the text around them as it is edited.
extension SourceBuffer {
    /// Defines highlight `name` with background `color` (a CSS colour; "rgba(…)" blends with the
    /// theme), painted across the view's width on every line it touches when `wholeLines`.
    /// Defining a name twice keeps the first.
    public func defineHighlight(_ name: String, background color: String, wholeLines: Bool = false) {
        let table = gtk_text_buffer_get_tag_table(buffer)
        guard gtk_text_tag_table_lookup(table, name) == nil, let tag = gtk_text_tag_new(name) else { return }
        tandem_object_set_string(tag, wholeLines ? "paragraph-background" : "background", color)
        gtk_text_tag_table_add(table, tag)
        g_object_unref(tag)  // the table holds it
    }

    /// Paints highlight `name` over the characters in `range` (buffer offsets).
    public func highlight(_ name: String, in range: Range<Int>) {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(range.lowerBound))
        gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(range.upperBound))
        gtk_text_buffer_apply_tag_by_name(buffer, name, &start, &end)
    }

    /// Takes highlight `name` off the whole buffer.
    public func clearHighlight(_ name: String) {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag_by_name(buffer, name, &start, &end)
    }
}
