import CGtk

/// Pango markup for rows and labels that show text the user did not write as markup.
public enum Markup {
    /// `text` with `<`, `&` and the quotes escaped, to go between markup tags.
    public static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
