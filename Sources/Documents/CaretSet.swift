/// The carets a window has beside its main one (the one GTK draws and moves): document offsets,
/// each with the anchor of its selection, in order and apart, carried by every edit as the text
/// is. What the user does at the main caret is done at each of them (`edits(repeating:)`), as
/// one batch: one store edit, one undo step (GNOME Builder kept its extra carets as pairs of
/// marks; a window here holds only part of its document, so they are offsets).
public struct CaretSet: Equatable, Sendable {
    /// One caret: where it is and where its selection starts (the same offset: no selection).
    public struct Caret: Equatable, Sendable {
        public var anchor: Int
        public var offset: Int

        public init(anchor: Int, offset: Int) {
            self.anchor = anchor
            self.offset = offset
        }

        public init(at offset: Int) { self.init(anchor: offset, offset: offset) }

        /// The selected range (empty: none).
        public var selection: Range<Int> { min(anchor, offset)..<max(anchor, offset) }
    }

    /// The extra carets, ascending by selection and apart (none where the main caret is).
    public private(set) var extras: [Caret] = []

    public init() {}

    public var isEmpty: Bool { extras.isEmpty }

    /// Adds `caret` beside `main`; false (nothing added) where a caret is already.
    @discardableResult
    public mutating func add(_ caret: Caret, besides main: Caret) -> Bool {
        guard !Self.meet(caret, main), !extras.contains(where: { Self.meet($0, caret) }) else { return false }
        let place = extras.firstIndex { Self.precedes(caret, $0) } ?? extras.endIndex
        extras.insert(caret, at: place)
        return true
    }

    /// Adds many carets at once (every occurrence), in one sort: those that meet a caret
    /// already there, or each other, are left out.
    public mutating func add(contentsOf carets: [Caret], besides main: Caret) {
        extras = Self.apart(extras + carets, besides: main)
    }

    /// Back to the main caret alone.
    public mutating func removeAll() { extras.removeAll() }

    /// Moves every caret as `edit` moves the text.
    public mutating func transform(_ edit: Edit) {
        for index in extras.indices {
            extras[index] = Caret(anchor: edit.transform(extras[index].anchor), offset: edit.transform(extras[index].offset))
        }
    }

    /// Moves every caret as `batch` moves the text; `staysBefore`: a caret where an edit starts
    /// stays before what it puts there (a batch from elsewhere, as `EditBatch.transform` says).
    public mutating func transform(_ batch: EditBatch, staysBefore: Bool = false) {
        for index in extras.indices {
            extras[index] = Caret(anchor: batch.transform(extras[index].anchor, staysBefore: staysBefore),
                                  offset: batch.transform(extras[index].offset, staysBefore: staysBefore))
        }
    }

    /// Merges the carets an edit brought together (two BackSpaces that met, a deletion across
    /// carets), and any on `main`.
    public mutating func settle(besides main: Caret) {
        move(besides: main, limit: Int.max) { $0 }
    }

    /// Moves every caret by `move`, then keeps them in `0...limit`, merging those that meet each
    /// other or `main` (two carets moved onto one line end are one).
    public mutating func move(besides main: Caret, limit: Int, _ move: (Caret) -> Caret) {
        let moved = extras.map(move).map { Caret(anchor: max(0, min($0.anchor, limit)), offset: max(0, min($0.offset, limit))) }
        extras = Self.apart(moved, besides: main)
    }

    /// Whether `a` comes before `b` in the text's order (by selection; an empty one first).
    private static func precedes(_ a: Caret, _ b: Caret) -> Bool {
        let x = a.selection, y = b.selection
        return x.lowerBound != y.lowerBound ? x.lowerBound < y.lowerBound : x.upperBound < y.upperBound
    }

    /// `carets` in order, without those that meet `main` or one kept before them: one sort and
    /// one pass (thousands of carets move at every key), where adding them one by one looked
    /// through all the others each time.
    private static func apart(_ carets: [Caret], besides main: Caret) -> [Caret] {
        var kept: [Caret] = []
        kept.reserveCapacity(carets.count)
        var reach = Int.min  // the furthest any kept selection reaches
        for caret in carets.sorted(by: precedes) where !meet(caret, main) {
            let selection = caret.selection
            if let last = kept.last?.selection,
               selection == last || selection.lowerBound < reach || (last.isEmpty && selection.lowerBound == last.lowerBound) {
                continue
            }
            kept.append(caret)
            reach = max(reach, selection.upperBound)
        }
        return kept
    }

    /// Whether two carets stand on each other: the same place, overlapping selections, or one
    /// inside (or at the start of) the other's selection.
    private static func meet(_ a: Caret, _ b: Caret) -> Bool {
        let x = a.selection, y = b.selection
        if x == y { return true }
        if x.isEmpty { return y.lowerBound <= x.lowerBound && x.lowerBound < y.upperBound }
        if y.isEmpty { return x.lowerBound <= y.lowerBound && y.lowerBound < x.upperBound }
        return x.overlaps(y)
    }

    /// What doing `edit` at every caret makes: the edits, ascending and apart in the text before
    /// them, and which one is the main caret's. `edit` is what the user did at `main`: typed over
    /// its selection (each caret's selection is replaced, or the text inserted where there is
    /// none), or typed or deleted around it (the same reach before and after each caret, kept in
    /// the text; a caret with a selection has its selection replaced). A paste (`pastes`) of as many lines as there are carets gives each caret its
    /// line, in the text's order. Nil when `edit` is not at the main caret (a drop elsewhere).
    /// A line break followed by blanks only (Return with auto-indent: the main caret's line's
    /// indentation) breaks each caret's line with that line's own, as `indentation(offset)` gives it.
    /// `reach`, when given, says what each caret without a selection takes instead of the main
    /// caret's reach (a word deleted with Ctrl+BackSpace: each caret's own word).
    public func edits(repeating edit: Edit, at main: Caret, textCount: Int, pastes: Bool = false,
                      indentation: (Int) -> String = { _ in "" }, reach: ((Int) -> Range<Int>)? = nil) -> (edits: [Edit], main: Int)? {
        let overSelection = !main.selection.isEmpty && edit.range == main.selection
        guard overSelection || edit.range.contains(main.offset) || edit.range.upperBound == main.offset else { return nil }
        let before = main.offset - edit.range.lowerBound, after = edit.range.upperBound - main.offset
        var carets = extras.map { ($0, false) } + [(main, true)]
        carets.sort { $0.0.selection.lowerBound < $1.0.selection.lowerBound }
        let pieces = pastes ? Self.lines(of: edit.replacement, count: carets.count) : nil
        let lineBreak = Self.indentedBreak(edit.replacement)
        var edits: [Edit] = [], mainIndex = 0, previousEnd = 0
        for (index, (caret, isMain)) in carets.enumerated() {
            var range: Range<Int>
            if isMain {
                range = edit.range
            } else if !caret.selection.isEmpty {
                range = caret.selection
            } else if let reach {
                range = reach(caret.offset).clamped(to: 0..<textCount)
            } else {
                range = max(0, caret.offset - before)..<min(textCount, caret.offset + after)
            }
            // Two carets reaching into each other's text: the later one leaves out what the earlier took.
            if range.lowerBound < previousEnd {
                guard !isMain else { return nil }
                range = min(previousEnd, range.upperBound)..<max(previousEnd, range.upperBound)
            }
            if isMain { mainIndex = edits.count }
            var replacement = pieces?[index] ?? edit.replacement
            if let lineBreak, !isMain { replacement = lineBreak + indentation(range.lowerBound) }
            edits.append(Edit(range: range, replacement: replacement))
            previousEnd = max(previousEnd, range.upperBound)
        }
        return (edits, mainIndex)
    }

    /// The line break `text` starts with, when the rest is blanks (an auto-indented Return).
    public static func indentedBreak(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, first == "\n" || first == "\r" else { return nil }
        let breakLength = text.hasPrefix("\r\n") ? 2 : 1
        guard scalars.dropFirst(breakLength).allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        return String(String.UnicodeScalarView(scalars.prefix(breakLength)))
    }

    /// `text` cut into `count` lines, when it has that many (a final line break aside); else nil.
    static func lines(of text: String, count: Int) -> [String]? {
        guard count > 1 else { return nil }
        var pieces = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { piece in
            String(String.UnicodeScalarView(piece.last == "\r" ? piece.dropLast() : piece))
        }
        if pieces.count == count + 1, pieces.last == "" { pieces.removeLast() }
        return pieces.count == count ? pieces : nil
    }
}
