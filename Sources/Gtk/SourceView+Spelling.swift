import CGspell
import CGtk

/// Spell checking of a view's text through gspell: misspelt words underlined as the user types,
/// suggestions and the language in the context menu, the language first taken from the locale.
extension SourceView {
    /// Whether misspelt words are underlined, or will be once there is text (setting it ends
    /// that wait).
    public var checksSpelling: Bool {
        get {
            guard !spellingWaitsForFirstText, let view = gspellView else { return spellingWaitsForFirstText }
            return gspell_text_view_get_inline_spell_checking(view) != 0
        }
        set {
            spellingStart?.cancel()
            spellingStart = nil
            setChecksSpellingNow(newValue)
        }
    }

    /// Turns spell checking off, or on: now if the buffer has text, else when text first arrives
    /// (gspell's start, its dictionary, ICU and aspell: ~2 MB and ~4 ms, waits for a word to check).
    public func checkSpellingOnceThereIsText(_ on: Bool) {
        guard on, buffer.characterCount == 0 else { return checksSpelling = on }
        guard spellingWaitsForText == 0 else { return }
        spellingWaitsForText = buffer.connect("changed") { [weak self] in
            guard let self, self.spellingStart == nil, self.buffer.characterCount > 0 else { return }
            // After the keystroke's frame: the dictionary's load does not delay the first character.
            // (The idle is not cancelled from inside itself: it ends by returning false.)
            self.spellingStart = IdleSource(priority: 200) { [weak self] in
                self?.setChecksSpellingNow(true)
                return false
            }
        }
    }

    /// Whether spell checking waits for the buffer's first text (gspell not started yet).
    public var spellingWaitsForFirstText: Bool { spellingWaitsForText != 0 }

    private func setChecksSpellingNow(_ on: Bool) {
        if spellingWaitsForText != 0 {
            buffer.disconnect(spellingWaitsForText)
            spellingWaitsForText = 0
        }
        guard let view = gspellView else { return }
        if on { gspell_text_view_basic_setup(view) }
        gspell_text_view_set_inline_spell_checking(view, on ? 1 : 0)
    }

    private var gspellView: UnsafeMutablePointer<GspellTextView>? {
        gspell_text_view_get_from_gtk_text_view(tandem_text_view(raw))
    }
}
