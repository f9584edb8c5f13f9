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
    /// Its items are a menu model on a choice action of the view's own, so GTK marks the language
    /// in use. (Connected before gspell's handler, so its suggestions come first, as in gedit.)
    private func offerSpellingLanguages() {
        guard spellingLanguage == nil else { return }
        let action = SimpleAction(name: "language", chosen: "") { [weak self] code in self?.spellingGroup.use(language: code) }
        spellingLanguage = action
        let group = g_simple_action_group_new()
        g_action_map_add_action(tandem_action_map(UnsafeMutableRawPointer(group)), tandem_action(action.raw))
        gtk_widget_insert_action_group(widget, "spelling", tandem_action_group(UnsafeMutableRawPointer(group)))
        g_object_unref(UnsafeMutableRawPointer(group))  // the view holds it now
        connectPopulatePopup { [weak self] popup in
            guard let self, self.spellingWanted, let current = self.spellChecker?.languageCode,
                  tandem_is_menu_shell(UnsafeMutableRawPointer(popup)) != 0 else { return }
            self.spellingLanguage?.setChosen(current)
            let languages = Menu()
            for language in SpellChecker.languages {
                languages.append(language.name, action: "spelling.language", target: language.code)
            }
            let shell = tandem_menu_shell(UnsafeMutableRawPointer(popup))
            let separator = gtk_separator_menu_item_new()
            gtk_menu_shell_prepend(shell, separator)
            let item = gtk_menu_item_new_with_mnemonic(localized("_Language"))
            gtk_menu_item_set_submenu(tandem_menu_item(item), gtk_menu_new_from_model(languages.model))
            gtk_menu_shell_prepend(shell, item)
            gtk_widget_show_all(item)
            gtk_widget_show(separator)
        }
    }

    private var gspellView: UnsafeMutablePointer<GspellTextView>? {
        gspell_text_view_get_from_gtk_text_view(tandem_text_view(raw))
    }

    private var gspellBuffer: OpaquePointer? {
        gspell_text_buffer_get_from_gtk_text_buffer(tandem_text_buffer(buffer.raw))
    }
}
