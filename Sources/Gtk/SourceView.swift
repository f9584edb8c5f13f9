import CGtk

/// A GtkSourceView showing a SourceBuffer, set up as a plain-text editor.
@MainActor
public final class SourceView: Widget {
    /// The buffer shown.
    public let buffer: SourceBuffer

    /// Creates a monospace view with line numbers on `buffer`.
    public init(buffer: SourceBuffer) {
        self.buffer = buffer
        super.init(gtk_source_view_new_with_buffer(buffer.sourceBuffer), ownership: .sink)
        gtk_source_view_set_show_line_numbers(tandem_source_view(raw), 1)
        gtk_text_view_set_monospace(tandem_text_view(raw), 1)
        gtk_text_view_set_left_margin(tandem_text_view(raw), 6)
    }

    /// Whether the line-number gutter shows.
    public var showsLineNumbers: Bool {
        get { gtk_source_view_get_show_line_numbers(tandem_source_view(raw)) != 0 }
        set { gtk_source_view_set_show_line_numbers(tandem_source_view(raw), newValue ? 1 : 0) }
    }

    /// Scrolls so the caret is visible, placed about a third of the way down when it moves far.
    public func scrollToCaret() {
        let buf = buffer.buffer
        gtk_text_view_scroll_to_mark(tandem_text_view(raw), gtk_text_buffer_get_insert(buf), 0.0, 1, 0.0, 0.33)
    }

    /// Scrolls so that 0-based `line` is at the top, now or as soon as the view is laid out.
    public func scrollToTop(line: Int) {
        var iter = buffer.iter(line: line, column: 0)
        // A mark, not an iter: GTK defers scrolling to a mark until the lines are measured.
        let mark = gtk_text_buffer_create_mark(buffer.buffer, nil, &iter, 1)
        gtk_text_view_scroll_to_mark(tandem_text_view(raw), mark, 0.0, 1, 0.0, 0.0)
        gtk_text_buffer_delete_mark(buffer.buffer, mark)
    }

    /// The first buffer line visible at the top of the view (0-based).
    public var topVisibleLine: Int {
        var rect = GdkRectangle()
        gtk_text_view_get_visible_rect(tandem_text_view(raw), &rect)
        var iter = GtkTextIter()
        gtk_text_view_get_line_at_y(tandem_text_view(raw), &iter, rect.y, nil)
        return Int(gtk_text_iter_get_line(&iter))
    }
}
