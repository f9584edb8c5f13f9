import Documents
import Editing
import Gtk
import Localization

/// The Find and Replace bar (Ctrl+F, Ctrl+H) and the Go to Line bar (Ctrl+L) of one window.
/// Matches are found in the store (the buffer holds only a window of lines); the view's search
/// context only highlights the ones on screen, with the same expression.
@MainActor
final class FindBar {
    private let builder = Builder(file: "find-bar.ui")
    private let search: SearchContext
    private let finder: DocumentFinder?
    private let view: SourceView
    private weak var viewport: DocumentViewport?
    private var regexError: String?
    /// Where the search starts while the user types (the caret when the bar opened, or the
    /// match last stepped to): each change selects the first match from there, as in gedit.
    private var searchStart = 0
    /// Set when the text changed while the matches were still being counted: the first match
    /// is selected once they are.
    private var selectsFirstWhenCounted = false
    /// The Find and Replace bar, to pack above the text.
    let searchBar: Widget
    /// The Go to Line bar, to pack above the text.
    let goToLineBar: Widget

    init(view: SourceView, viewport: DocumentViewport?) {
        self.view = view
        self.viewport = viewport
        search = SearchContext(buffer: view.buffer)
        finder = viewport.map { DocumentFinder(binding: $0.binding) }
        searchBar = builder.widget("find-bar")!
        goToLineBar = builder.widget("goto-bar")!
        let find = builder.entry("find-entry")!, replace = builder.entry("replace-entry")!
        find.onChanged { [weak self] in self?.searchChanged() }
        find.onActivate { [weak self] in self?.step(forward: true) }
        find.onShiftEnter { [weak self] in self?.step(forward: false) }
        builder.on("find-entry", "stop-search") { [weak self] in self?.close() }
        builder.on("case", "toggled") { [weak self] in self?.searchChanged() }
        builder.on("regex", "toggled") { [weak self] in self?.searchChanged() }
        builder.on("whole-word", "toggled") { [weak self] in self?.searchChanged() }
        builder.on("next", "clicked") { [weak self] in self?.step(forward: true) }
        builder.on("previous", "clicked") { [weak self] in self?.step(forward: false) }
        builder.on("close-find", "clicked") { [weak self] in self?.close() }
        builder.on("replace", "clicked") { [weak self] in
            guard let self else { return }
            self.finder?.replaceSelected(with: replace.text)
            self.view.scrollToCaret()
            self.showCount()
        }
        builder.on("replace-all", "clicked") { [weak self] in
            guard let self else { return }
            // A big document is searched off the main thread: the bar says so until it is done.
            self.builder.setLabel("match-count", localized("Replacing…"))
            self.finder?.replaceAll(with: replace.text) { [weak self] outcome in
                guard let self else { return }
                switch outcome {
                case .replaced(let count):
                    self.builder.setLabel("match-count", localizedPlural("%1 replaced", "%1 replaced", count: count))
                case .tooMany(let limit):
                    self.builder.setLabel("match-count", localized("Not replaced: more than %1 matches", LocalizedNumber.string(limit)))
                case .overtaken:
                    self.builder.setLabel("match-count", localized("Not replaced: the text changed meanwhile"))
                }
            }
        }
        finder?.onCountChanged = { [weak self] in
            guard let self else { return }
            if self.selectsFirstWhenCounted { self.selectFirstMatch() }
            self.showCount()
        }
        let goTo = builder.entry("goto-entry")!
        goTo.onActivate { [weak self] in self?.goToLine(goTo.text) }
        goTo.onChanged { [weak self] in
            goTo.showError(nil)
            self?.builder.setLabel("goto-message", "")
        }
        builder.on("close-goto", "clicked") { [weak self] in self?.goToLineBar.hide() }
        // Tab goes from the text to find to its replacement, then to what acts on them, as in
        // GNOME Text Editor (the boxes alone would go to Previous first).
        searchBar.orderTabs(["find-entry", "replace-entry", "replace", "replace-all", "previous", "next",
                             "case", "whole-word", "regex", "close-find"].compactMap { builder.widget($0) })
        // Escape closes either bar from any of its fields (the replace field too).
        searchBar.onEscape { [weak self] in self?.close() }
        goToLineBar.onEscape { [weak self] in
            self?.goToLineBar.hide()
            self?.view.grabFocus()
        }
    }

    /// Shows the bar (with the replace row for Ctrl+H), the selection as the text to find.
    func open(replacing: Bool) {
        goToLineBar.hide()
        let find = builder.entry("find-entry")!
        let selected = viewport?.binding.selectedText ?? view.buffer.selectedText
        if !selected.isEmpty && !selected.contains("\n") { find.text = selected }
        searchStart = viewport?.binding.selection.lowerBound ?? 0
        searchBar.show()
        if replacing { builder.widget("replace-row")?.show() } else { builder.widget("replace-row")?.hide() }
        find.grabFocus()
        find.selectAll()
        searchChanged()
    }

    /// Shows the Go to Line bar.
    func openGoToLine() {
        searchBar.hide()
        goToLineBar.show()
        let entry = builder.entry("goto-entry")!
        entry.text = String((viewport?.binding.caretLineAndColumn.line ?? view.buffer.caret.line) + 1)
        entry.grabFocus()
        entry.selectAll()
    }

    private func close() {
        selectsFirstWhenCounted = false
        searchBar.hide()
        search.text = ""
        finder?.search(nil)
        view.grabFocus()
    }

    /// The document changed: the count follows.
    func documentEdited(_ edit: Edit) { finder?.documentEdited(edit) }
    func documentEditedTogether() { finder?.documentEditedTogether() }

    private func searchChanged() {
        let text = builder.entry("find-entry")?.text ?? ""
        var pattern: TextPattern?
        regexError = nil
        do {
            if !text.isEmpty {
                pattern = try TextPattern(text: text, isRegex: builder.isActive("regex"), isCaseSensitive: builder.isActive("case"),
                                          matchesWholeWords: builder.isActive("whole-word"))
            }
        } catch let invalid as TextPattern.Invalid {
            regexError = invalid.message
        } catch {}
        // The view highlights what shows with the very expression the store is searched with.
        search.isRegex = true
        search.isCaseSensitive = builder.isActive("case")
        search.text = pattern?.expression ?? ""
        finder?.search(pattern)
        if pattern != nil, searchBar.isVisible { selectFirstMatch() }
        showCount()
    }

    /// Selects the first match from where the search started and shows it (once counted).
    private func selectFirstMatch() {
        let later: @MainActor (Bool) -> Void = { [weak self] found in
            if found { self?.view.scrollToCaret() }
            self?.showCount()
        }
        guard let found = finder?.selectFirst(from: searchStart, then: later) else {
            selectsFirstWhenCounted = true
            return
        }
        selectsFirstWhenCounted = false
        if found { view.scrollToCaret() }
    }

    private func showCount() {
        // GLib's message can be long: one short line, the whole message as its tooltip.
        builder.widget("match-count")?.tooltip = regexError
        if regexError != nil {
            builder.setLabel("match-count", localized("Invalid expression"))
        } else if finder?.pattern == nil {
            builder.setLabel("match-count", "")
        } else if let count = finder?.matchCount {
            if count > 0, let position = finder?.selectedMatchPosition {
                builder.setLabel("match-count", localized("%1 of %2", LocalizedNumber.string(position), LocalizedNumber.string(count)))
            } else {
                builder.setLabel("match-count", count == 0 ? localized("No matches") : localizedPlural("%1 match", "%1 matches", count: count))
            }
        } else if let share = finder?.countProgress, share > 0 {
            // A big document's count says how far it has got, so a long one is seen to move.
            builder.setLabel("match-count", localized("Counting… %1%", LocalizedNumber.string(Int(share * 100))))
        } else {
            builder.setLabel("match-count", localized("Counting…"))
        }
    }

    /// Ctrl+G / Ctrl+Shift+G: the next or previous match of what was last searched for, even
    /// with the bar closed (as gedit); the bar opens when nothing was searched for yet.
    func findAgain(forward: Bool) {
        if finder?.pattern == nil {
            guard !(builder.entry("find-entry")?.text ?? "").isEmpty else { return open(replacing: false) }
            searchChanged()
        }
        step(forward: forward)
    }

    private func step(forward: Bool) {
        selectsFirstWhenCounted = false
        let step = finder?.step(forward: forward) { [weak self] found in self?.stepped(found) }
        if step == .searching {
            builder.setLabel("match-count", localized("Searching…"))
        } else {
            stepped(step == .selected)
        }
    }

    private func stepped(_ found: Bool) {
        if found {
            view.scrollToCaret()
            searchStart = viewport?.binding.selection.lowerBound ?? searchStart
        }
        showCount()  // "2 of 5": which match is selected now
    }

    /// "12" or "12:4" (1-based) puts the caret there; anything else is shown as an error.
    private func goToLine(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { part in
            // One number, spaces around it allowed.
            let words = part.split(whereSeparator: \.isWhitespace)
            return words.count == 1 ? Int(words[0]) : nil
        }
        guard (1...2).contains(parts.count), let line = parts[0], line >= 1, parts.count == 1 || (parts[1] ?? 0) >= 1 else {
            // Said beside the entry, not only in its tooltip: red alone does not say why.
            let why = localized("“%1” is not a line number: type one, or line:column (from 1).", text)
            builder.entry("goto-entry")?.showError(why)
            builder.setLabel("goto-message", why)
            return
        }
        let column = parts.count > 1 ? (parts[1] ?? 1) : 1
        if let viewport {
            let offset = viewport.binding.offset(line: line - 1, column: column - 1)
            viewport.binding.reveal(offset)
            viewport.binding.select(anchor: offset, caret: offset)
        }
        view.scrollToCaret()
        goToLineBar.hide()
        view.grabFocus()
    }
}
