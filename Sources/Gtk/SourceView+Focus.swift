import CGtk

/// Focus mode: every paragraph but the caret's is dimmed, by a veil of the text's background
/// drawn over the rest of what shows once the text is drawn (no tag on the text: GTK would lay
/// the whole buffer out again each time the caret changes paragraph).
extension SourceView {
    /// Whether all but the caret's paragraph is dimmed.
    public var dimsOtherParagraphs: Bool {
        get { focus != nil }
        set {
            guard newValue != dimsOtherParagraphs else { return }
            if newValue {
                focus = FocusDimming()
                if !watchesCaretForFocus {
                    watchesCaretForFocus = true
                    connectDraw(after: true) { [weak self] cairo in
                        self?.drawVeil(cairo)
                        return false
                    }
                    buffer.onCaretMoved { [weak self] in self?.caretMovedForFocus() }
                    buffer.connect("changed") { [weak self] in self?.caretMovedForFocus() }
                }
            } else {
                focus = nil
            }
            gtk_widget_queue_draw(widget)
        }
    }

    /// Redraws when the caret's paragraph is another one (or the text changed under it).
    private func caretMovedForFocus() {
        guard let focus else { return }
        let paragraph = buffer.paragraph(around: buffer.caretOffset)
        if paragraph != focus.shown { gtk_widget_queue_draw(widget) }
    }

    private func drawVeil(_ cairo: OpaquePointer) {
        guard let focus else { return }
        let view = tandem_text_view(raw)
        guard let textWindow = gtk_text_view_get_window(view, GTK_TEXT_WINDOW_TEXT),
              gtk_cairo_should_draw_window(cairo, textWindow) != 0 else { return }
        let paragraph = buffer.paragraph(around: buffer.caretOffset)
        focus.shown = paragraph
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(view, &visible)
        var first = GtkTextIter(), last = GtkTextIter()
        let text = tandem_text_buffer(buffer.raw)
        gtk_text_buffer_get_iter_at_offset(text, &first, gint(paragraph.lowerBound))
        gtk_text_buffer_get_iter_at_offset(text, &last, gint(paragraph.upperBound))
        var top: gint = 0, height: gint = 0, lastTop: gint = 0, lastHeight: gint = 0
        gtk_text_view_get_line_yrange(view, &first, &top, &height)
        gtk_text_view_get_line_yrange(view, &last, &lastTop, &lastHeight)
        let bottom = lastTop + lastHeight
        let background = veilColor()
        cairo_save(cairo)
        cairo_set_source_rgba(cairo, background.0, background.1, background.2, 0.6)
        // Above the paragraph and below it, as far as the view shows, in the widget's coordinates.
        for (from, to) in [(visible.y, top), (bottom, visible.y + visible.height)] where from < to {
            var x: gint = 0, y: gint = 0, endY: gint = 0
            gtk_text_view_buffer_to_window_coords(view, GTK_TEXT_WINDOW_WIDGET, visible.x, from, &x, &y)
            gtk_text_view_buffer_to_window_coords(view, GTK_TEXT_WINDOW_WIDGET, visible.x, to, &x, &endY)
            cairo_rectangle(cairo, Double(x), Double(y), Double(visible.width), Double(endY - y))
        }
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// The style scheme's background for text (white when it names none).
    private func veilColor() -> (Double, Double, Double) {
        var color = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        if let scheme = gtk_source_buffer_get_style_scheme(buffer.sourceBuffer),
           let style = gtk_source_style_scheme_get_style(scheme, "text"),
           tandem_object_get_bool(UnsafeMutableRawPointer(style), "background-set") != 0,
           let name = tandem_object_dup_string(UnsafeMutableRawPointer(style), "background") {
            _ = gdk_rgba_parse(&color, name)
            g_free(name)
        } else if themeIsDark {
            color = GdkRGBA(red: 0.18, green: 0.2, blue: 0.21, alpha: 1)
        }
        return (color.red, color.green, color.blue)
    }
}

/// Focus mode's state: the paragraph last left undimmed.
@MainActor
final class FocusDimming {
    var shown: Range<Int>?
}
