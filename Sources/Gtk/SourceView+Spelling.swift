import CGspell
import CGtk
import Localization

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
        offerSpellingLanguages()
        guard on else { return showSpelling(false) }
        // The checker stays on the buffer when spelling is turned off: on again keeps its language.
        if let gspellBuffer, gspell_text_buffer_get_spell_checker(gspellBuffer) != nil { return showSpelling(true) }
        spellingGroup.withChecker { [weak self] checker in
            guard let self, let checker else { return }
            self.spellingGroup.add(self)
            self.adopt(checker)
        }
    }

    /// Checks the text with `checker` (the group's, in a language it may just have changed to).
    func adopt(_ checker: SpellChecker) {
        guard let gspellBuffer else { return }
        gspell_text_buffer_set_spell_checker(gspellBuffer, checker.raw)
        showSpelling(spellingWanted)
    }

    private func showSpelling(_ on: Bool) {
        guard let view = gspellView else { return }
        gspell_text_view_set_inline_spell_checking(view, on ? 1 : 0)
    }

    /// The context menu's Language submenu, ours rather than gspell's: gspell's would change the
    /// language of a checker other documents share; ours moves this document to another checker.
    /// (Connected before gspell's handler, so its suggestions come first in the menu, as in gedit.)
    private func offerSpellingLanguages() {
        guard !offersSpellingLanguages else { return }
        offersSpellingLanguages = true
        connectPopulatePopup { [weak self] popup in
            guard let self, self.spellingWanted, let current = self.spellChecker?.languageCode else { return }
            let pick = LanguagePick { [weak self] code in self?.spellingGroup.use(language: code) }
            tandem_spell_prepend_language_menu(popup, localized("_Language"), current, languagePicked, RetainedBox.pass(pick), releaseLanguagePick)
        }
    }

    private var gspellView: UnsafeMutablePointer<GspellTextView>? {
        gspell_text_view_get_from_gtk_text_view(tandem_text_view(raw))
    }

    private var gspellBuffer: OpaquePointer? {
        gspell_text_buffer_get_from_gtk_text_buffer(tandem_text_buffer(buffer.raw))
    }
}

/// A view's answer to its language menu, boxed as the menu's user data (made and called on the
/// main thread only).
private final class LanguagePick: @unchecked Sendable {
    let picked: @MainActor (String) -> Void
    init(_ picked: @escaping @MainActor (String) -> Void) { self.picked = picked }
}

private let languagePicked: @convention(c) (UnsafePointer<CChar>?, gpointer?) -> Void = { code, data in
    guard let code, let data else { return }
    let pick = Unmanaged<LanguagePick>.fromOpaque(data).takeUnretainedValue()
    let chosen = String(cString: code)
    MainActor.assumeIsolated { pick.picked(chosen) }
}

private let releaseLanguagePick: @convention(c) (gpointer?) -> Void = { RetainedBox.release($0) }
