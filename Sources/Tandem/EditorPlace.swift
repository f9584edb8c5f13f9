import Documents
import Editing

/// Where the user is in a document: the selection's two ends (0-based line and column) and,
/// when known, the first line on screen. A place beyond what the buffer holds yet (a big file
/// still streaming in) waits, and is what the window's record keeps, until its lines arrive.
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

    /// Whether the buffer holds every line this place needs (all of them once it is complete).
    func fits(in binding: DocumentBinding) -> Bool {
        binding.isComplete || binding.buffer.lineCount > max(anchor.line, caret.line, topLine ?? 0) + 1
    }

    /// Selects and scrolls the view to this place.
    func apply(to ui: EditorWindow) {
        ui.buffer.select(anchor: anchor, caret: caret)
        if let topLine { ui.textView.scrollToTop(line: topLine) } else { ui.textView.scrollToCaret() }
    }

    /// Where the user is now in `ui`; the top line only when no scroll is still on its way.
    static func current(in ui: EditorWindow) -> EditorPlace {
        EditorPlace(anchor: ui.buffer.selectionAnchor, caret: ui.buffer.caret,
                    topLine: ui.textView.isScrollPending ? nil : ui.textView.topVisibleLine)
    }
}
