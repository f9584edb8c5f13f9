import CGtk

/// The colours of a view's text: its style scheme, and whether the desktop or the GTK theme
/// asks for dark ones.
extension SourceView {
    /// Colours the text with a GtkSourceView style scheme ("classic", "oblivion", …); unknown ids are ignored.
    public func setStyleScheme(_ id: String) {
        guard let manager = gtk_source_style_scheme_manager_get_default(),
              let scheme = gtk_source_style_scheme_manager_get_scheme(manager, id) else { return }
        gtk_source_buffer_set_style_scheme(buffer.sourceBuffer, scheme)
    }

    /// The id of the style scheme colouring the text ("" when none is set).
    public var styleSchemeID: String {
        guard let scheme = gtk_source_buffer_get_style_scheme(buffer.sourceBuffer),
              let id = gtk_source_style_scheme_get_id(scheme) else { return "" }
        return String(cString: id)
    }

    /// Whether the desktop asks applications for dark colours.
    public static var prefersDarkColors: Bool {
        get {
            guard let settings = gtk_settings_get_default() else { return false }
            return tandem_object_get_bool(settings, "gtk-application-prefer-dark-theme") != 0
        }
        set {
            // The whole application follows: header bars, menus and dialogs, not just the text.
            guard let settings = gtk_settings_get_default(), newValue != prefersDarkColors else { return }
            tandem_object_set_bool(settings, "gtk-application-prefer-dark-theme", newValue ? 1 : 0)
        }
    }

    /// Whether the GTK theme draws text on a dark background (a dark theme, or GTK_THEME=…:dark),
    /// whatever the settings say: a light style scheme there leaves a light gutter with light numbers.
    /// Asked once per theme (each window asking styled its view anew: ~1 ms).
    public var themeIsDark: Bool {
        let theme = Self.themeKey
        if let known = Self.darkThemes[theme] { return known }
        var color = GdkRGBA()
        // The window's style (computed at its first frame anyway) rather than the view's, which
        // its font's style sheet invalidates again.
        let styled = gtk_widget_get_toplevel(widget) ?? widget
        let dark = gtk_style_context_lookup_color(gtk_widget_get_style_context(styled), "theme_base_color", &color) != 0
            && 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue < 0.5
        Self.darkThemes[theme] = dark
        return dark
    }

    /// Whether each theme (name and dark variant) draws on a dark background, as found.
    private static var darkThemes: [String: Bool] = [:]
    private static var themeKey: String {
        guard let settings = gtk_settings_get_default() else { return "" }
        let name = tandem_object_dup_string(settings, "gtk-theme-name")
        defer { g_free(name) }
        return (name.map { String(cString: $0) } ?? "") + (prefersDarkColors ? ":dark" : "")
    }
}
