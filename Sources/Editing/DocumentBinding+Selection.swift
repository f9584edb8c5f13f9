import Documents
import Gtk

/// The caret and the selection, kept as document offsets. Either end may lie outside the window
/// (the user scrolled away from the caret, or selected up to the document's end); the buffer
/// then shows the part of the selection it holds, and what the user does with the selection
/// (copy, cut, delete, type over it) is served from the store.
extension DocumentBinding {
    /// The selected document range (empty: none).
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }

    /// The selected text ("" when nothing is selected), from the store.
    public var selectedText: String { document.storage.substring(selection) }

    /// Whether the buffer holds both ends of document range `range`.
    public func holds(_ range: Range<Int>) -> Bool {
        bufferOffset(of: range.lowerBound) != nil && bufferOffset(of: range.upperBound) != nil
    }

    /// Whether the caret is in the buffer (it leaves it when the user scrolls far away).
    public var caretIsShown: Bool { bufferOffset(of: caret) != nil }

    /// Selects from `anchor` to `caret` (document offsets, clamped to the text a view may show);
    /// the window does not move (call `reveal` first to show the caret).
    public func select(anchor: Int, caret: Int) {
        let count = shownEnd
        self.anchor = max(0, min(anchor, count))
        self.caret = max(0, min(caret, count))
        withMarksKept {}
    }

    /// Selects the whole document, the caret at its end, as GTK's Select All does (a hidden
    /// final line break left out, as gedit does); the view stays.
    public func selectAll() { select(anchor: 0, caret: shownEnd) }

    /// Runs `body` (which changes the buffer or the window), then puts the buffer's caret and
    /// selection bound back on the document offsets they had, as far as the buffer holds them.
    func withMarksKept(_ body: () -> Void) {
        placingMarks {
            body()
            if state.holdsWindow { buffer.select(anchorOffset: clamped(anchor), caretOffset: clamped(caret)) }
        }
    }

    /// Runs `body`, which moves the buffer's marks for the binding: `marksMoved` does not hear it.
    func placingMarks(_ body: () -> Void) {
        guard let markWatch else { return body() }
        ownBuffer.quietly(markWatch, body)
    }

    /// The buffer offset nearest to document offset `offset` (the buffer's edge when outside it).
    func clamped(_ offset: Int) -> Int {
        if let inside = bufferOffset(of: offset) { return inside }
        return offset < window.start ? 0 : buffer.characterCount
    }

    /// GTK moved the caret or the selection bound (keys, clicks, drags): take the new places,
    /// except for an end outside the buffer that GTK still shows on the buffer's edge. The
    /// pointer's moves are taken as they are: a click goes where the user clicked, even onto the
    /// buffer's edge while the caret was elsewhere.
    func marksMoved(byPointer: Bool) {
        // A click in a buffer behind on changes: GTK's marks move with them as they are made.
        flushPendingChanges(keepingMarks: false)
        // A plain click or drag: one caret again (a Ctrl+click adds one and moves nothing).
        if byPointer { removeExtraCarets() }
        let (bufferAnchor, bufferCaret) = (buffer.selectionBoundOffset, buffer.caretOffset)
        if byPointer || bufferOffset(of: caret) != nil || bufferCaret != clamped(caret) {
            caret = documentOffset(ofBuffer: bufferCaret)
        }
        if bufferOffset(of: anchor) != nil || bufferAnchor != clamped(anchor) {
            anchor = documentOffset(ofBuffer: bufferAnchor)
        }
    }

    /// The document range a change the user made to buffer range `range` stands for: the whole
    /// selection when the change removes the part of it the buffer shows, else the same range.
    func documentRange(forUserChange range: Range<Int>, inserting: Bool) -> Range<Int> {
        let mapped = documentOffset(ofBuffer: range.lowerBound)..<documentOffset(ofBuffer: range.upperBound)
        guard !range.isEmpty, range == clamped(selection.lowerBound)..<clamped(selection.upperBound) else { return mapped }
        return selection
    }
}
