import Gtk
import Localization

/// The caret's place in the header bar, as GNOME Text Editor shows it: "Ln 12, Col 4", and the
/// selection's size while there is one; pressing it opens Go to Line.
@MainActor
final class CaretPosition {
    let button = Button(label: "", action: "win.go-to-line")
    private unowned let buffer: SourceBuffer
    /// The document's line for a buffer row (very long lines may be shown split into rows).
    var documentLine: (Int, Int) -> Int? = { row, _ in row }

    init(buffer: SourceBuffer) {
        self.buffer = buffer
        button.isFlat = true
        buffer.onCaretMoved { [weak self] in self?.update() }
        update()
    }

    /// Shows where the caret is now.
    func update() {
        let caret = buffer.caret
        let line = (documentLine(caret.line, buffer.caretOffset - caret.column) ?? caret.line) + 1
        let selected = buffer.selectedCount
        button.label = selected > 0
            ? localized("Ln %1, Col %2 (%3 selected)", String(line), String(caret.column + 1), String(selected))
            : localized("Ln %1, Col %2", String(line), String(caret.column + 1))
    }
}
