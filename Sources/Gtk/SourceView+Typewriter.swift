import CGtk

/// Typewriter scrolling: while the user types, the caret's line stays in the middle of the view
/// and the text moves past it. Room above the first line and below the last (margins of half the
/// view) lets the beginning and the end come to the middle too, as in a writer's typewriter mode.
/// A click or a key that only moves the caret scrolls as ever.
extension SourceView {
    /// Whether typing keeps the caret's line in the middle of the view.
    public var keepsCaretInTheMiddle: Bool {
        get { typewriter != nil }
        set {
            guard newValue != keepsCaretInTheMiddle else { return }
            if newValue {
                let state = Typewriter()
                typewriter = state
                if !followsTyping {
                    followsTyping = true
                    buffer.connect("end-user-action") { [weak self] in self?.centerCaretAfterTheKey() }
                    connect("size-allocate", ignoringOneArgument: true) { [weak self] in self?.fitTypewriterMargin() }
                }
                fitTypewriterMargin()
                centerCaretAfterTheKey()
            } else {
                typewriter = nil
                gtk_text_view_set_top_margin(tandem_text_view(raw), 0)
                gtk_text_view_set_bottom_margin(tandem_text_view(raw), 0)
            }
        }
    }

    /// After the key's own handling (GTK scrolls the caret just into view as it inserts), before
    /// the text is laid out: the scroll asked for last is the one GTK does.
    private func centerCaretAfterTheKey() {
        guard let typewriter, typewriter.pending == nil else { return }
        typewriter.pending = IdleSource(priority: MainLoopPriority.beforeTextLayout) { [weak self] in
            guard let self, let typewriter = self.typewriter else { return false }
            typewriter.pending = nil
            gtk_text_view_scroll_to_mark(tandem_text_view(self.raw), gtk_text_buffer_get_insert(tandem_text_buffer(self.buffer.raw)), 0, 1, 0, 0.5)
            return false
        }
    }

    private func fitTypewriterMargin() {
        guard typewriter != nil else { return }
        let view = tandem_text_view(raw)
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(view, &visible)
        // Less the height of the line that comes to the middle, so its middle is the view's.
        let margin = max(0, visible.height / 2 - lineHeight / 2)
        guard gtk_text_view_get_top_margin(view) != margin || gtk_text_view_get_bottom_margin(view) != margin else { return }
        gtk_text_view_set_top_margin(view, margin)
        gtk_text_view_set_bottom_margin(view, margin)
        // GtkTextView keeps what its pixel cache drew where the text stood: the new margin is painted afresh.
        gtk_widget_queue_draw(widget)
    }
}

extension SourceView {
    /// The height of the first line (a row of the view's font).
    fileprivate var lineHeight: gint {
        var start = GtkTextIter(), y: gint = 0, height: gint = 0
        gtk_text_buffer_get_start_iter(tandem_text_buffer(buffer.raw), &start)
        gtk_text_view_get_line_yrange(tandem_text_view(raw), &start, &y, &height)
        return height
    }
}

/// The scroll waiting for the key to be done.
@MainActor
final class Typewriter {
    var pending: IdleSource?
}
