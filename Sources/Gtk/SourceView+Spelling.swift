import CGspell
import CGtk

/// Spell checking of a view's text through gspell: misspelt words underlined as the user types,
/// suggestions and the language in the context menu, the language first taken from the locale.
extension SourceView {
    /// Whether misspelt words are underlined.
    public var checksSpelling: Bool {
        get {
            guard let view = gspellView else { return false }
            return gspell_text_view_get_inline_spell_checking(view) != 0
        }
        set {
            guard let view = gspellView else { return }
            if newValue { gspell_text_view_basic_setup(view) }
            gspell_text_view_set_inline_spell_checking(view, newValue ? 1 : 0)
        }
    }

    private var gspellView: UnsafeMutablePointer<GspellTextView>? {
        gspell_text_view_get_from_gtk_text_view(tandem_text_view(raw))
    }
}
