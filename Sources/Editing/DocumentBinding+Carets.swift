import Documents
import Gtk

/// Many carets in one window: the main one is GTK's, the others are document offsets kept here
/// (`CaretSet`). A change the user makes at the main caret goes to the store as one batch, made
/// at every caret; every window on the document follows the batch, and each keeps its own carets.
extension DocumentBinding {
    /// The extra carets, in the text's order (none: the main caret alone).
    public var extraCarets: [CaretSet.Caret] { carets.extras }

    /// The extra carets this buffer holds, with the part of their selection it holds, in buffer
    /// offsets (what the view draws).
    public var extraCaretsInBuffer: [ExtraCaret] {
        carets.extras.compactMap { caret in
            guard let offset = bufferOffset(of: caret.offset) else { return nil }
            let selection = caret.selection
            return ExtraCaret(offset: offset, selection: clamped(selection.lowerBound)..<clamped(selection.upperBound))
        }
    }

    private var mainCaret: CaretSet.Caret { CaretSet.Caret(anchor: anchor, offset: caret) }

    /// Adds a caret at buffer offset `offset` (a Ctrl+click); false when one is there already.
    @discardableResult
    public func addCaret(atBuffer offset: Int) -> Bool {
        let added = carets.add(CaretSet.Caret(at: documentOffset(ofBuffer: offset)), besides: mainCaret)
        if added { onCaretsChanged?() }
        return added
    }

    /// Adds a caret on the line below the lowest caret (`below`) or above the highest, at the main
    /// caret's display column (the line's end when it is shorter); false at the document's edge.
    @discardableResult
    public func addCaretOnNextLine(below: Bool, tabWidth: Int = 8) -> Bool {
        let text = document.storage
        let lines = ([caret] + carets.extras.map(\.offset)).map { text.lineAndColumn(of: $0).line }
        guard let edge = below ? lines.max() : lines.min() else { return false }
        let line = edge + (below ? 1 : -1)
        guard line >= 0, line <= lastShownLine else { return false }
        let column = text.displayColumn(of: caret, tabWidth: tabWidth)
        let added = carets.add(CaretSet.Caret(at: text.offset(line: line, displayColumn: column, tabWidth: tabWidth)), besides: mainCaret)
        if added {
            reveal(text.offset(ofLine: line))
            onCaretsChanged?()
        }
        return added
    }

    /// Widens (or narrows) the selection at every caret by one display column to the right or
    /// left, as a rectangle: the main caret moves a column, and each other caret goes to that
    /// column on its own line (tabs counted by `tabWidth`; a short line stops at its end).
    public func extendColumns(right: Bool, tabWidth: Int) {
        let text = document.storage
        let place = text.lineAndColumn(of: caret)
        let column = max(0, text.displayColumn(of: caret, tabWidth: tabWidth) + (right ? 1 : -1))
        var target = text.offset(line: place.line, displayColumn: column, tabWidth: tabWidth)
        // A tab spans several columns: going left from after it lands before it, not after.
        if !right && target == caret && caret > text.offset(ofLine: place.line) { target = caret - 1 }
        let reached = text.displayColumn(of: target, tabWidth: tabWidth)
        select(anchor: anchor, caret: target)
        carets.move(besides: mainCaret, limit: shownEnd) { other in
            let line = text.lineAndColumn(of: other.offset).line
            return CaretSet.Caret(anchor: other.anchor, offset: text.offset(line: line, displayColumn: reached, tabWidth: tabWidth))
        }
        onCaretsChanged?()
    }

    /// Selects the rectangle between buffer offsets `start` (where a Shift+Alt drag began) and
    /// `end` (where the pointer is), by display columns: a caret per line, the main one on the
    /// pointer's line, each selecting its line's piece of the rectangle.
    public func selectColumns(fromBuffer start: Int, toBuffer end: Int, tabWidth: Int) {
        let text = document.storage
        let (from, to) = (documentOffset(ofBuffer: start), documentOffset(ofBuffer: end))
        let (firstLine, lastLine) = (text.lineAndColumn(of: from).line, text.lineAndColumn(of: to).line)
        let (anchorColumn, caretColumn) = (text.displayColumn(of: from, tabWidth: tabWidth), text.displayColumn(of: to, tabWidth: tabWidth))
        func caret(on line: Int) -> CaretSet.Caret {
            CaretSet.Caret(anchor: text.offset(line: line, displayColumn: anchorColumn, tabWidth: tabWidth),
                           offset: text.offset(line: line, displayColumn: caretColumn, tabWidth: tabWidth))
        }
        let main = caret(on: lastLine)
        select(anchor: main.anchor, caret: main.offset)
        carets.removeAll()
        for line in stride(from: firstLine, through: lastLine, by: firstLine <= lastLine ? 1 : -1) where line != lastLine {
            carets.add(caret(on: line), besides: main)
        }
        onCaretsChanged?()
    }

    /// Back to the main caret alone; false when it was alone already.
    @discardableResult
    public func removeExtraCarets() -> Bool {
        guard !carets.isEmpty else { return false }
        carets.removeAll()
        onCaretsChanged?()
        return true
    }

    /// Moves the extra carets as a key moves the main one (`movement`, `count` steps). A move that
    /// extends the selection, or one by pages or to the document's ends, leaves the main caret alone.
    public func moveExtraCarets(_ movement: CaretMovement, count: Int, extending: Bool) {
        guard !carets.isEmpty else { return }
        let text = document.storage, end = shownEnd
        switch (movement, extending) {
        case (.characters, false):
            carets.move(besides: mainCaret, limit: end) { caret in
                let selection = caret.selection
                // A selection collapses to its side, as GTK's does.
                if !selection.isEmpty { return CaretSet.Caret(at: count < 0 ? selection.lowerBound : selection.upperBound) }
                return CaretSet.Caret(at: caret.offset + count)
            }
        case (.lines, false):
            carets.move(besides: mainCaret, limit: end) { caret in
                let place = text.lineAndColumn(of: caret.offset)
                return CaretSet.Caret(at: offset(line: place.line + count, column: place.column))
            }
        case (.lineEnds, false):
            carets.move(besides: mainCaret, limit: end) { caret in
                let line = text.lineAndColumn(of: caret.offset).line
                return CaretSet.Caret(at: count < 0 ? text.offset(ofLine: line) : LineWindow.lineEnd(line, in: text))
            }
        case (.words, false):
            carets.move(besides: mainCaret, limit: end) { caret in CaretSet.Caret(at: wordEdge(from: caret.offset, forward: count > 0)) }
        default:
            carets.removeAll()
        }
        onCaretsChanged?()
    }

    /// Selects the next occurrence of the main caret's selection as one more caret, after the
    /// last caret and round to the start; with nothing selected, selects the word at the caret
    /// first. Returns where the new selection starts (nil: there is none to add).
    @discardableResult
    public func addNextOccurrence() -> Int? {
        guard !selection.isEmpty else {
            guard let word = wordRange(at: caret) else { return nil }
            select(anchor: word.lowerBound, caret: word.upperBound)
            return word.lowerBound
        }
        guard let pattern = occurrencePattern else { return nil }
        var from = ([mainCaret] + carets.extras).map(\.selection.upperBound).max() ?? caret
        for _ in 0...(carets.extras.count + 1) {
            guard let match = DocumentSearch.firstMatch(of: pattern, in: document.storage, from: from) else { return nil }
            if carets.add(CaretSet.Caret(anchor: match.range.lowerBound, offset: match.range.upperBound), besides: mainCaret) {
                onCaretsChanged?()
                return match.range.lowerBound
            }
            from = match.range.upperBound
        }
        return nil
    }

    /// Selects every occurrence of the main caret's selection (the word at the caret when
    /// nothing is), each as a caret, up to `caretLimit`; returns how many carets there are.
    @discardableResult
    public func addAllOccurrences() -> Int {
        if selection.isEmpty && addNextOccurrence() == nil { return 1 }
        guard let pattern = occurrencePattern, let matches = DocumentSearch.allMatches(of: pattern, in: document.storage) else { return 1 }
        let room = max(0, Self.caretLimit - 1 - carets.extras.count)
        carets.add(contentsOf: matches.prefix(room).map { CaretSet.Caret(anchor: $0.range.lowerBound, offset: $0.range.upperBound) },
                   besides: mainCaret)
        onCaretsChanged?()
        return carets.extras.count + 1
    }

    /// The most carets Select All Occurrences makes: each key is then one batch of that many edits.
    public static let caretLimit = 10_000

    private var occurrencePattern: TextPattern? {
        try? TextPattern(text: selectedText, isRegex: false, isCaseSensitive: true, matchesWholeWords: false)
    }

    /// The text of every caret's selection in the text's order, a line each (what Copy and Cut
    /// take at many carets); nil when no extra caret has a selection.
    public var selectedTextAtCarets: String? {
        guard carets.extras.contains(where: { !$0.selection.isEmpty }) else { return nil }
        let all = (carets.extras + [mainCaret]).sorted { $0.selection.lowerBound < $1.selection.lowerBound }
        return all.map { document.storage.substring($0.selection) }.joined(separator: "\n")
    }

    /// Deletes the selection at every caret as one batch (a Cut at many carets); false when there
    /// are no extra carets or the main one has no selection.
    public func deleteSelectionsAtCarets() -> Bool {
        guard !carets.isEmpty, !selection.isEmpty else { return false }
        return forwardAtEveryCaret(Edit(range: selection, replacement: "")) != nil
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
    }

    /// The word around `offset` (letters, digits and underscores), within its line; nil between words.
    private func wordRange(at offset: Int) -> Range<Int>? {
        let text = document.storage
        let line = text.lineAndColumn(of: offset).line
        let start = text.offset(ofLine: line), end = LineWindow.lineEnd(line, in: text)
        let scalars = Array(text.substring(start..<end).unicodeScalars)
        var low = offset - start, high = offset - start
        while low > 0 && Self.isWordCharacter(scalars[low - 1]) { low -= 1 }
        while high < scalars.count && Self.isWordCharacter(scalars[high]) { high += 1 }
        return low < high ? (start + low)..<(start + high) : nil
    }

    /// The next word's end (or the previous word's start) from `offset`, within its line; at the
    /// line's edge, the next line's start (or the previous line's end).
    private func wordEdge(from offset: Int, forward: Bool) -> Int {
        let text = document.storage
        let line = text.lineAndColumn(of: offset).line
        let start = text.offset(ofLine: line), end = LineWindow.lineEnd(line, in: text)
        if forward && offset >= end { return line < lastShownLine ? text.offset(ofLine: line + 1) : offset }
        if !forward && offset <= start { return line > 0 ? LineWindow.lineEnd(line - 1, in: text) : 0 }
        let scalars = Array(text.substring(start..<end).unicodeScalars)
        func isWord(_ index: Int) -> Bool { Self.isWordCharacter(scalars[index]) }
        var at = offset - start
        if forward {
            while at < scalars.count && !isWord(at) { at += 1 }
            while at < scalars.count && isWord(at) { at += 1 }
        } else {
            while at > 0 && !isWord(at - 1) { at -= 1 }
            while at > 0 && isWord(at - 1) { at -= 1 }
        }
        return start + at
    }

    /// Sends a change made at the main caret to the store as a batch made at every caret; returns
    /// the buffer offset where the main caret's part ended up, nil when there are no extra
    /// carets (or the change was not at the main caret: they go, and it is made alone).
    func forwardAtEveryCaret(_ edit: Edit) -> Int?? {
        guard !carets.isEmpty, let store else { return nil }
        // Auto-indent's own indentation after a Return: each caret has its line's already.
        if brokeLinesAtCarets && edit.range.isEmpty && edit.replacement.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) {
            return nil
        }
        brokeLinesAtCarets = CaretSet.indentedBreak(edit.replacement) != nil
        let text = document.storage
        // A word deleted (Ctrl+BackSpace, Ctrl+Delete): each caret's own word, not as many characters.
        var reach: ((Int) -> Range<Int>)?
        if selection.isEmpty && edit.replacement.isEmpty && edit.range.count > 1 {
            if edit.range.upperBound == caret {
                reach = { [unowned self] offset in self.wordEdge(from: offset, forward: false)..<offset }
            } else if edit.range.lowerBound == caret {
                reach = { [unowned self] offset in offset..<self.wordEdge(from: offset, forward: true) }
            }
        }
        guard let repeated = carets.edits(repeating: edit, at: mainCaret, textCount: text.count, pastes: isPasting,
                                          indentation: { offset in Self.indentation(before: offset, in: text) }, reach: reach) else {
            removeExtraCarets()
            return nil
        }
        let before = appliedEdits
        guard store.apply(together: repeated.edits, to: document, origin: originID), appliedEdits != before else { return .some(nil) }
        // The batch carried the main caret past its part, as it carried the others.
        return .some(bufferOffset(of: caret) ?? clamped(caret))
    }

    /// The blanks that start the line `offset` is on, up to `offset` (what GtkSourceView's
    /// auto-indent repeats after a Return there).
    static func indentation(before offset: Int, in text: TextStorage) -> String {
        let start = text.offset(ofLine: text.lineAndColumn(of: offset).line)
        let head = text.substring(start..<min(offset, start + 256)).unicodeScalars
        return String(String.UnicodeScalarView(head.prefix { $0 == " " || $0 == "\t" }))
    }

    /// Every change of the text carries the extra carets along; a text put in anew lets them go.
    func followCarets(_ event: DocumentEvent) {
        guard !carets.isEmpty else { return }
        switch event {
        case .edited(let edit, _, _): carets.transform(edit)
        case .editedTogether(let batch, let origin, _): carets.transform(batch, staysBefore: origin != subscription.id)
        case .loadRestarted, .becameReadOnly, .becameEditable: carets.removeAll()
        default: return
        }
        carets.settle(besides: mainCaret)
        onCaretsChanged?()
    }
}
