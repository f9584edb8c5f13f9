import Documents
import Gtk

/// One view onto a document through its binding's window of lines: the window follows what the
/// view shows, a scrollbar stands for the whole document, and the moves that reach past the
/// buffer (Ctrl+Home/End, Select All, a caret scrolled away, cutting a selection bigger than the
/// buffer) are served from the store, so the user never sees the window's edges.
@MainActor
public final class DocumentViewport {
    /// The binding whose window this viewport moves.
    public let binding: DocumentBinding
    unowned let view: SourceView
    private let scrollbar: Scrollbar
    private var follower: IdleSource?
    /// Whether the caret moved since the view last followed (GTK may still scroll to it).
    private var caretJustMoved = false
    /// Called after the window moved or the document's line count changed.
    public var onMoved: (@MainActor () -> Void)?
    /// While in the background: the document offset of the line that was on top.
    var backgroundTop: Int?
    /// How much of that line was scrolled past.
    var backgroundTopPixels = 0
    /// The document's length as assistive technologies were last told it.
    var announcedCount = 0
    /// The overview map beside the view, when it shows one (DocumentViewport+Map).
    weak var map: OverviewMap?
    /// Where Ctrl+End put the caret while the document loads: it keeps to the end as the rest
    /// comes in, until it is moved (DocumentViewport+End).
    var keptAtEnd: Int?

    /// Ties `view` (showing `binding`'s buffer, already in its scrolled window) and `scrollbar`.
    public init(binding: DocumentBinding, view: SourceView, scrollbar: Scrollbar) {
        self.binding = binding
        self.view = view
        self.scrollbar = scrollbar
        binding.onSlid = { [weak self] in self?.moved() }
        view.onScrolled { [weak self] in self?.scheduleFollow() }
        scrollbar.onUserScroll { [weak self] value in self?.jump(toLine: Int(value.rounded(.down))) }
        view.onKeyPress { [weak self] in self?.bringCaretBack() }
        view.buffer.onCaretMoved { [weak self] in
            guard let self else { return }
            self.caretJustMoved = true
            self.view.accessibleCaretMoved(to: self.binding.caret)
        }
        binding.onEdited = { [weak self, weak view] edit in
            view?.accessibleTextChanged(inserted: false, at: edit.range.lowerBound, length: edit.range.count)
            view?.accessibleTextChanged(inserted: true, at: edit.range.lowerBound, length: edit.insertedCount)
            self?.backgroundTop = self?.backgroundTop.map(edit.transform)
            self?.announcedCount += edit.insertedCount - edit.range.count
            self?.map?.redrawSoon()
        }
        binding.onEditedTogether = { [weak self] batch, held in
            self?.accessibleTextChanged(batch, held: held)
            self?.backgroundTop = self?.backgroundTop.map { batch.transform($0) }
            self?.announcedCount += batch.lengthChange
            self?.map?.redrawSoon()
        }
        binding.visibleBufferLines = { [weak view] in view?.visibleLines ?? 0..<0 }
        binding.onStoreEvent = { [weak self] event in
            self?.announceLoad(event)
            self?.keepAtEnd(event)
        }
        announcedCount = binding.document.storage.count
        view.serveAccessibly(self)
        view.onMoveCursor { [weak self] movement, count, extending in
            guard let self else { return }
            self.binding.moveExtraCarets(movement, count: count, extending: extending)
            guard movement == .bufferEnds else { return }
            // The caret goes to the document's end, not the buffer's: the window goes there first.
            self.binding.reveal(count > 0 ? self.binding.shownEnd : 0)
            // GTK's own scroll to the caret counts the lines just put in as 0 pixels high.
            self.view.scrollToCaret(yalign: count > 0 ? 1 : 0)
            self.keptAtEnd = count > 0 && self.binding.document.isLoading ? self.binding.shownEnd : nil
        }
        view.onSelectAll { [weak binding] in binding?.selectAll() }
        view.onCopy { [weak binding] _ in binding?.selectedTextAtCarets ?? binding?.selectedText }
        view.onDragText { [weak binding] in binding?.selectedText }
        view.onDragDelete { [weak self] in self?.deleteMovedBeyondBuffer() ?? false }
        view.onCut { [weak self] in (self?.cutAtCarets() ?? false) || (self?.cutBeyondBuffer() ?? false) }
        // A paste is an undo step of its own, even one character pasted just after a word typed.
        view.onPaste(began: { [weak binding] in
            binding?.sealUndoStep()
            binding?.isPasting = true
        }, ended: { [weak binding] in
            binding?.sealUndoStep()
            binding?.isPasting = false
        })
        showCarets()
        moved()
    }

    /// Many edits at once, told to assistive technologies as one change over the span they cover;
    /// past a screenful, over the part of it this window held (the ATK bridge fetches each
    /// change's whole text: 10 MB of line endings would hold the main loop for 50 ms per window).
    /// What they query afterwards is the whole document, as ever.
    private func accessibleTextChanged(_ batch: EditBatch, held: Range<Int>) {
        var told = batch.edits.indices
        if batch.range.count > Self.changeToldWhole {
            told = batch.indices(startingIn: held.lowerBound..<(held.upperBound + 1))
            guard !told.isEmpty else { return }
        }
        let lower = batch.edits[told.lowerBound].range.lowerBound, upper = batch.edits[told.upperBound - 1].range.upperBound
        let newLower = batch.transform(lower, staysBefore: true)
        view.accessibleTextChanged(inserted: false, at: lower, length: upper - lower)
        view.accessibleTextChanged(inserted: true, at: newLower, length: batch.transform(upper) - newLower)
    }

    /// The longest span of many edits told to assistive technologies whole.
    static let changeToldWhole = 1 << 16

    /// Shows document offset `offset`: the window slides there if it must, and the view scrolls
    /// so it stands at `yalign` of the height (0: top; nil: only as far as needed to show it).
    public func show(_ offset: Int, yalign: Double? = 0.33) {
        binding.reveal(offset)
        guard let inside = binding.bufferOffset(of: offset) else { return }
        if let yalign { view.scroll(toBufferOffset: inside, yalign: yalign) } else { view.scrollToCaret() }
    }

    /// The document's lines on screen (0-based, end excluded).
    public var visibleLines: Range<Int> {
        let shown = view.visibleLines
        return (binding.firstLine + shown.lowerBound)..<(binding.firstLine + shown.upperBound)
    }

    /// Scrolls so that document line `line` is at the top.
    public func jump(toLine line: Int) {
        let text = binding.document.storage
        let page = view.linesPerPage
        // No further than the last page: the text's end at the view's foot.
        let target = max(0, min(line, binding.lastShownLine - page + 1))
        let first = binding.window.firstLine
        let inside = binding.window.lineCount(in: text)
        // Far away: the window moves first, centred on the page that will show.
        if target < first || target + page > first + inside {
            binding.show(lines: max(0, target + page / 2 - binding.windowLines / 2), count: max(binding.windowLines, page * 3))
        }
        guard binding.bufferOffset(of: text.offset(ofLine: target)) != nil else { return }
        // Once the lines just put in are measured: GTK counts them 0 pixels high before, and a
        // scroll to the end of a window just moved there stopped short of it.
        view.scrollToTop(line: target - binding.firstLine)
    }

    private func scheduleFollow() {
        guard follower == nil else { return }
        // After the frame: the margin of lines kept around what shows means a slide is never a
        // frame late to the user's eye.
        follower = IdleSource(priority: MainLoopPriority.afterFirstLayout) { [weak self] in
            self?.follower = nil
            self?.follow()
            return false
        }
    }

    /// The view scrolled: keep a margin of lines around what it shows, and move the scrollbar.
    private func follow() {
        let before = binding.window, top = view.topLine
        let shown = visibleLines
        // A key just moved the caret out of sight: GTK scrolls to it next, so the window waits.
        if caretJustMoved, binding.caretIsShown, !shown.contains(binding.caretLineAndColumn.line) {
            caretJustMoved = false
            return
        }
        caretJustMoved = false
        // A scroll of ours waits for the layout: the window follows where it lands. A buffer in
        // the background follows nothing.
        if view.isScrollPending || binding.isInBackground { return }
        binding.pageLines = view.linesPerPage
        binding.keepVisible(lines: shown)
        // Lines added at the buffer's very top would push what the user sees down (GTK keeps
        // the first line on screen by a mark they land behind): the same line goes back on top.
        if binding.window != before {
            let line = before.firstLine + top.line - binding.firstLine
            view.scroll(toBufferLine: line, pixels: top.pixels)
            // On the buffer's first line, GTK has no measured line to hold on to: it lands on
            // the lines just put above, and the scroll is done again once they are measured.
            if view.topLine.line != line { view.scrollToTop(line: line, pixels: top.pixels) }
        }
        updateScrollbar()
    }

    private func moved() {
        updateScrollbar()
        onMoved?()
    }

    private func updateScrollbar() {
        let shown = visibleLines
        scrollbar.set(value: Double(shown.lowerBound), page: Double(max(1, shown.count - 1)),
                      upper: Double(binding.shownLineCount))
        map?.redrawSoon()
    }

    /// A key pressed while the caret is off in a part of the document the buffer does not hold
    /// (the user scrolled away) acts where the caret is: the window goes back there first.
    private func bringCaretBack() {
        guard !binding.caretIsShown else { return }
        show(binding.caret)
    }

    /// A drag-move of a selection that reaches past the buffer ends by deleting all of it from
    /// the store (the drop inserted all of it); false lets the view delete a selection it holds whole.
    private func deleteMovedBeyondBuffer() -> Bool {
        let selection = binding.selection
        guard !selection.isEmpty, !binding.holds(selection), let store = binding.store else { return false }
        store.apply(.delete(selection), to: binding.document, origin: binding.originID)
        return true
    }

    /// Cuts a selection that reaches past the buffer from the store (one undo step); returns
    /// false to let the view cut a selection it holds whole.
    private func cutBeyondBuffer() -> Bool {
        let selection = binding.selection
        guard !selection.isEmpty, !binding.holds(selection), let store = binding.store else { return false }
        view.copyToClipboard(binding.selectedText)
        store.sealUndoStep(binding.document)
        store.apply(.delete(selection), to: binding.document, origin: binding.originID)
        store.sealUndoStep(binding.document)
        return true
    }
}
