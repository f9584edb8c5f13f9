import Documents
import Editing

/// Where the user is in a document: the selection's two ends (0-based line and column of the
/// document) and, when known, the document's first line on screen. A place beyond what has
/// loaded yet (a big file still arriving) waits, and is what the window's record keeps, until
/// its lines arrive.
@MainActor
struct EditorPlace {
    var anchor: (line: Int, column: Int)
    var caret: (line: Int, column: Int)
    /// The first line on screen; nil: scroll so the caret shows.
    var topLine: Int?

    /// A caret alone, from 1-based FILE:LINE:COL.
    init(line: Int, column: Int?) {
        caret = (line - 1, (column ?? 1) - 1)
        anchor = caret
    }

    /// A selection and a scroll position.
    init(anchor: (line: Int, column: Int), caret: (line: Int, column: Int), topLine: Int?) {
        self.anchor = anchor; self.caret = caret; self.topLine = topLine
    }

    /// Whether the document has every line this place needs (all of them once it is loaded).
    func fits(in binding: DocumentBinding) -> Bool {
        binding.isComplete || binding.document.storage.lineCount > max(anchor.line, caret.line, topLine ?? 0) + 1
    }

    /// Selects and scrolls the view to this place; the window of lines slides there first.
    func apply(to ui: EditorWindow, through viewport: DocumentViewport) {
        let binding = viewport.binding
        let caretOffset = binding.offset(line: caret.line, column: caret.column)
        // The caret may be far from the top line (the user had scrolled away from it).
        binding.reveal(topLine.map { binding.offset(line: $0, column: 0) } ?? caretOffset)
        binding.select(anchor: binding.offset(line: anchor.line, column: anchor.column), caret: caretOffset)
        if let topLine, topLine >= binding.firstLine {
            ui.textView.scrollToTop(line: topLine - binding.firstLine)
        } else {
            ui.textView.scrollToCaret()
        }
    }

    /// Where the user is now. While a scroll is still on its way the top line is where it goes
    /// (`landing`, the top line of the place last applied), or unknown.
    static func current(in ui: EditorWindow, through viewport: DocumentViewport, landing: Int? = nil) -> EditorPlace {
        let binding = viewport.binding, text = binding.document.storage
        let anchor = text.lineAndColumn(of: binding.anchor), caret = text.lineAndColumn(of: binding.caret)
        return EditorPlace(anchor: (anchor.line, anchor.column), caret: (caret.line, caret.column),
                           topLine: ui.textView.isScrollPending ? landing : viewport.topLine)
    }
}
