import CGtk

/// Spell checking of a view's text (`InlineSpelling`, off the keystroke path): misspelt words
/// underlined once typed, suggestions, Add to Dictionary and the language in the context menu, the
/// language first taken from the locale. The checker comes from the view's `spellingGroup`,
/// loaded off the main thread.
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

    /// Turns spell checking off, or on: now if the buffer has text, else when text first arrives.
    /// Meanwhile the checker loads once the main loop is idle (a dictionary takes some 70 ms of
    /// CPU, which the first word typed would otherwise wait behind).
    public func checkSpellingOnceThereIsText(_ on: Bool) {
        guard on, buffer.characterCount == 0 else { return checksSpelling = on }
        guard spellingWaitsForText == 0 else { return }
        spellingWarming = IdleSource(priority: MainLoopPriority.whenIdle) { [weak self] in
            guard let self else { return false }
            self.spellingWarming = nil
            self.spellingGroup.withChecker { _ in }  // the group keeps it for the first text
            return false
        }
        spellingWaitsForText = buffer.connect("changed") { [weak self] in
            guard let self, self.spellingStart == nil, self.buffer.characterCount > 0 else { return }
            // After the keystroke's frame: asking for the checker does not delay the first character.
            // (The idle is not cancelled from inside itself: it ends by returning false.)
            self.spellingStart = IdleSource(priority: MainLoopPriority.afterTextLayout) { [weak self] in
                self?.setChecksSpellingNow(true)
                return false
            }
        }
    }

    /// Whether spell checking waits for the buffer's first text (no checker asked for yet).
    public var spellingWaitsForFirstText: Bool { spellingWaitsForText != 0 }

    /// Whether misspelt words are underlined now: spelling is on and the checker has arrived.
    public var underlinesMisspeltWords: Bool {
        guard let inlineSpelling else { return false }
        return inlineSpelling.isShown && inlineSpelling.checker != nil
    }

    /// The checker the buffer uses (the group's, once loaded), if any.
    public var spellChecker: SpellChecker? { inlineSpelling?.checker }

    /// Whether the character at buffer offset `offset` is underlined as misspelt.
    public func isMisspelt(at offset: Int) -> Bool { inlineSpelling?.isMisspelt(at: offset) ?? false }

    private func setChecksSpellingNow(_ on: Bool) {
        if !on {
            spellingWarming?.cancel()
            spellingWarming = nil
        }
        if spellingWaitsForText != 0 {
            buffer.disconnect(spellingWaitsForText)
            spellingWaitsForText = 0
        }
        spellingWanted = on
        offerSpellingLanguages()
        guard on else { return showSpelling(false) }
        // The checker stays on the buffer when spelling is turned off: on again keeps its language.
        if inlineSpelling?.checker != nil { return showSpelling(true) }
        spellingGroup.withChecker { [weak self] checker in
            guard let self, let checker else { return }
            self.spellingGroup.add(self)
            self.adopt(checker)
        }
    }

    /// The words in `range` (buffer offsets) are checked again: their language changed.
    public func respell(_ range: Range<Int>) { inlineSpelling?.respell(range) }

    /// Checks the text with `checker` (the group's, in a language it may just have changed to).
    func adopt(_ checker: SpellChecker) {
        let spelling = inlineSpelling ?? InlineSpelling(view: self)
        if inlineSpelling == nil { spelling.languagesIn = spellingLanguagesIn }
        inlineSpelling = spelling
        spelling.checker = checker
        showSpelling(spellingWanted)
    }

    private func showSpelling(_ on: Bool) {
        inlineSpelling?.isShown = on
    }

    /// The context menu's spelling part, at its top as in gedit: the misspelt word's suggestions
    /// (with Add to Dictionary and Ignore All), then the Language submenu, which moves this
    /// document to another checker (never changing one other documents share). Its items are
    /// menu models on actions of the view's own ("spelling.…"), so GTK marks the language in use.
    private func offerSpellingLanguages() {
        guard spellingLanguage == nil else { return }
        let action = SimpleAction(name: "language", chosen: "") { [weak self] code in self?.spellingGroup.use(language: code) }
        spellingLanguage = action
        let paragraph = SimpleAction(name: "paragraph-language", chosen: "") { [weak self] code in
            guard let self else { return }
            self.onParagraphLanguageChosen?(self.menuPlace, code.isEmpty ? nil : code)
        }
        paragraphLanguage = paragraph
        let replace = SimpleAction(name: "replace", withString: { [weak self] word in self?.replaceMenuWord(with: word) })
        let add = SimpleAction(name: "add-word") { [weak self] in self?.acceptMenuWord(always: true) }
        let ignore = SimpleAction(name: "ignore-word") { [weak self] in self?.acceptMenuWord(always: false) }
        let group = g_simple_action_group_new()
        for each in [action, paragraph, replace, add, ignore] {
            g_action_map_add_action(tandem_action_map(UnsafeMutableRawPointer(group)), tandem_action(each.raw))
        }
        gtk_widget_insert_action_group(widget, "spelling", tandem_action_group(UnsafeMutableRawPointer(group)))
        g_object_unref(UnsafeMutableRawPointer(group))  // the view holds it now
        connectPopulatePopup { [weak self] popup in
            guard let self, self.spellingWanted, let checker = self.spellChecker, let current = checker.languageCode,
                  tandem_is_menu_shell(UnsafeMutableRawPointer(popup)) != 0 else { return }
            self.spellingLanguage?.setChosen(current)
            let languages = Menu()
            for language in SpellChecker.languages {
                languages.append(language.name, action: "spelling.language", target: language.code)
            }
            let shell = tandem_menu_shell(UnsafeMutableRawPointer(popup))
            let separator = gtk_separator_menu_item_new()
            gtk_menu_shell_prepend(shell, separator)
            gtk_widget_show(separator)
            self.menuPlace = self.inlineSpelling?.menuPlace ?? 0
            if self.onParagraphLanguageChosen != nil {
                let given = self.spellingLanguagesIn?(self.menuPlace..<(self.menuPlace + 1)).first { $0.range.contains(self.menuPlace) }?.code
                self.paragraphLanguage?.setChosen(given ?? "")
                let paragraphLanguages = Menu(), documents = Menu()
                documents.append(Self.spellingMenuText.documentsLanguage, action: "spelling.paragraph-language", target: "")
                for language in SpellChecker.languages {
                    paragraphLanguages.append(language.name, action: "spelling.paragraph-language", target: language.code)
                }
                let both = Menu()
                both.appendSection(documents)
                both.appendSection(paragraphLanguages)
                Self.prependSubmenu(Self.spellingMenuText.paragraphLanguage, both, to: shell)
            }
            Self.prependSubmenu(Self.spellingMenuText.language, languages, to: shell)
            let wordChecker = self.inlineSpelling?.checker(at: self.menuPlace) ?? checker
            self.menuWord = self.inlineSpelling?.wordForMenu()
            if let word = self.menuWord {
                let suggestions = Menu(), choices = Menu(), words = Menu()
                // The checker's queue answers while the menu opens (the main thread never waits
                // for it: it may be loading a dictionary); GTK shows the words as they arrive.
                let noSuggestions = Self.spellingMenuText.noSuggestions
                wordChecker.suggestions(for: word.text) { found in
                    for suggestion in found.prefix(10) { words.append(suggestion, action: "spelling.replace", target: suggestion) }
                    if found.isEmpty { words.append(noSuggestions, action: "spelling.none") }
                }
                choices.append(Self.spellingMenuText.addToDictionary, action: "spelling.add-word")
                choices.append(Self.spellingMenuText.ignoreAll, action: "spelling.ignore-word")
                suggestions.appendSection(words)
                suggestions.appendSection(choices)
                Self.prependSubmenu(Self.spellingMenuText.suggestions, suggestions, to: shell)
            }
        }
    }

    private static func prependSubmenu(_ label: String, _ model: Menu, to shell: UnsafeMutablePointer<GtkMenuShell>?) {
        let item = gtk_menu_item_new_with_mnemonic(label)
        gtk_menu_item_set_submenu(tandem_menu_item(item), gtk_menu_new_from_model(model.model))
        gtk_menu_shell_prepend(shell, item)
        gtk_widget_show_all(item)
    }

    /// A suggestion picked: the word is replaced as the user would replace it (through the store).
    private func replaceMenuWord(with replacement: String) {
        guard let word = menuWord else { return }
        menuWord = nil
        buffer.userReplace(word.range, with: replacement)
    }

    /// Add to Dictionary (`always`) or Ignore All: the word is right from now on, in every window.
    private func acceptMenuWord(always: Bool) {
        guard let word = menuWord, let checker = inlineSpelling?.checker(at: word.range.lowerBound) ?? spellChecker else { return }
        menuWord = nil
        if always { checker.add(word.text) } else { checker.ignore(word.text) }
        InlineSpelling.wordsChanged(in: checker)
    }
}

extension SourceView {
    #if DEBUG
    /// The buffer spans underlines were taken off so far (tests).
    var underlineRemovals: [Range<Int>] { inlineSpelling?.underlineRemovals ?? [] }
    #endif

    /// How many pixels of the view, drawn now, are clearly red: GTK draws misspelt words'
    /// wavy underline in red (tests).
    func redPixelCount() -> Int {
        let width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget)
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        gtk_widget_draw(widget, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var count = 0
        for y in 0..<Int(height) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) {
                let pixel = row[x]
                let red = (pixel >> 16) & 0xff, green = (pixel >> 8) & 0xff, blue = pixel & 0xff
                if red > 150 && red > green + 60 && red > blue + 60 { count += 1 }
            }
        }
        return count
    }
}
