import CGtk

/// Wrapping at the right margin's column rather than at the window's edge: the text area is
/// narrowed by a right margin of GtkTextView's own, worked out again as the view's size or font
/// changes (GTK lays the lines out again then, as for a resize; never at a keystroke).
extension SourceView {
    /// The column lines wrap at (GtkSourceView's right margin position), nil: the window's edge.
    /// Only while the view wraps.
    public var wrapColumn: Int? {
        get { marginColumn }
        set {
            marginColumn = newValue
            if newValue != nil && !followsSizeForMargin {
                followsSizeForMargin = true
                connect("size-allocate", ignoringOneArgument: true) { [weak self] in self?.fitMargin() }
                connect("style-updated") { [weak self] in self?.fitMargin() }
            }
            fitMargin()
        }
    }

    /// The right margin that leaves `wrapColumn` columns of text, as wide as GtkSourceView draws
    /// its margin line (that many underscores in the view's font); none when the window is narrower.
    private func fitMargin() {
        let view = tandem_text_view(raw)
        var margin: gint = 0
        if let column = marginColumn, column > 0 {
            var visible = GdkRectangle()
            gtk_text_view_get_visible_rect(view, &visible)
            let layout = gtk_widget_create_pango_layout(widget, String(repeating: "_", count: column))
            var width: gint = 0
            pango_layout_get_pixel_size(layout, &width, nil)
            g_object_unref(UnsafeMutableRawPointer(layout))
            margin = max(0, visible.width - gtk_text_view_get_left_margin(view) - width)
        }
        if gtk_text_view_get_right_margin(view) != margin { gtk_text_view_set_right_margin(view, margin) }
    }
}
