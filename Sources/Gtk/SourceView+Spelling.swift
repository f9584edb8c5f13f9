import CGspell
import CGtk

/// Spell checking of a view's text through gspell: misspelt words underlined as the user types,
/// suggestions and the language in the context menu, the language first taken from the locale.
/// The checker comes from the view's `spellingGroup`, loaded off the main thread.
extension SourceView {
    /// Whether misspelt words are underlined, or will be once there is text and the checker has
    /// loaded (setting it ends the wait for text).
    public var checksSpelling: Bool {
        get { spellingWaitsForFirstText || spellingWanted }
        set {
            spellingStart?.cancel()
            spellingStart = nil
            setChecksSpellingNow(newValue)
        }
    }

    /// Turns spell checking off, or on: now if the buffer has text, else when text first arrives
    /// (no checker is loaded for a document that has no word to check yet).
    public func checkSpellingOnceThereIsText(_ on: Bool) {
        guard on, buffer.characterCount == 0 else { return checksSpelling = on }
        guard spellingWaitsForText == 0 else { return }
        spellingWaitsForText = buffer.connect("changed") { [weak self] in
            guard let self, self.spellingStart == nil, self.buffer.characterCount > 0 else { return }
            // After the keystroke's frame: asking for the checker does not delay the first character.
            // (The idle is not cancelled from inside itself: it ends by returning false.)
            self.spellingStart = IdleSource(priority: 200) { [weak self] in
                self?.setChecksSpellingNow(true)
                return false
            }
        }
    }

    /// Whether spell checking waits for the buffer's first text (no checker asked for yet).
    public var spellingWaitsForFirstText: Bool { spellingWaitsForText != 0 }

    /// Whether misspelt words are underlined now: spelling is on and the checker has arrived.
    public var underlinesMisspeltWords: Bool {
        guard let view = gspellView else { return false }
        return gspell_text_view_get_inline_spell_checking(view) != 0
    }

    /// The checker the buffer uses (the group's, once loaded), if any.
    public var spellChecker: SpellChecker? {
        guard let gspellBuffer, let checker = gspell_text_buffer_get_spell_checker(gspellBuffer),
              let shared = spellingGroup.loadedChecker, shared.raw == checker else { return nil }
        return shared
    }

    private func setChecksSpellingNow(_ on: Bool) {
        if spellingWaitsForText != 0 {
            buffer.disconnect(spellingWaitsForText)
            spellingWaitsForText = 0
        }
        spellingWanted = on
        guard on else { return showSpelling(false) }
        // The checker stays on the buffer when spelling is turned off: on again keeps its language.
        if let gspellBuffer, gspell_text_buffer_get_spell_checker(gspellBuffer) != nil { return showSpelling(true) }
        spellingGroup.withChecker { [weak self] checker in
            guard let self, let checker, let gspellBuffer = self.gspellBuffer else { return }
            gspell_text_buffer_set_spell_checker(gspellBuffer, checker.raw)
            self.showSpelling(self.spellingWanted)
        }
    }

    private func showSpelling(_ on: Bool) {
        guard let view = gspellView else { return }
        gspell_text_view_set_inline_spell_checking(view, on ? 1 : 0)
        if on { gspell_text_view_set_enable_language_menu(view, 1) }
    }

    private var gspellView: UnsafeMutablePointer<GspellTextView>? {
        gspell_text_view_get_from_gtk_text_view(tandem_text_view(raw))
    }

    private var gspellBuffer: OpaquePointer? {
        gspell_text_buffer_get_from_gtk_text_buffer(tandem_text_buffer(buffer.raw))
    }
}
