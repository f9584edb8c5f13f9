import CGtk

/// A view's indentation and right margin, set for one document (its `.editorconfig`, or what its
/// text shows) instead of following the preferences.
extension SourceView {
    /// Columns a tab character takes.
    public var tabWidth: Int {
        get { Int(gtk_source_view_get_tab_width(tandem_source_view(raw))) }
        set { gtk_source_view_set_tab_width(tandem_source_view(raw), guint(min(max(newValue, 1), 32))) }
    }

    /// Columns one level of indentation takes (Tab, auto-indent); -1 follows `tabWidth`.
    public var indentWidth: Int {
        get { Int(gtk_source_view_get_indent_width(tandem_source_view(raw))) }
        set { gtk_source_view_set_indent_width(tandem_source_view(raw), gint(newValue < 1 ? -1 : min(newValue, 32))) }
    }

    /// Whether Tab and auto-indent insert spaces instead of tab characters.
    public var insertsSpaces: Bool {
        get { gtk_source_view_get_insert_spaces_instead_of_tabs(tandem_source_view(raw)) != 0 }
        set { gtk_source_view_set_insert_spaces_instead_of_tabs(tandem_source_view(raw), newValue ? 1 : 0) }
    }

    /// The column of the right margin line, shown (nil: hidden).
    public var rightMargin: Int? {
        get {
            gtk_source_view_get_show_right_margin(tandem_source_view(raw)) != 0
                ? Int(gtk_source_view_get_right_margin_position(tandem_source_view(raw))) : nil
        }
        set {
            if let newValue { gtk_source_view_set_right_margin_position(tandem_source_view(raw), guint(min(max(newValue, 1), 1_000))) }
            gtk_source_view_set_show_right_margin(tandem_source_view(raw), newValue == nil ? 0 : 1)
        }
    }
}
