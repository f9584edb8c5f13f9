import Editing
import Gtk
import Localization

/// The caret's place in the header bar, as GNOME Text Editor shows it: "Ln 12, Col 4", and the
/// selection's size while there is one; pressing it opens Go to Line.
@MainActor
final class CaretPosition {
    let button = Button(statusAction: "win.go-to-line")
    /// Where the caret is in the document (0-based line and column) and how many characters
    /// are selected; the buffer holds only a window of the document, so the binding says.
    var place: @MainActor () -> (line: Int, column: Int, selected: Int) = { (0, 0, 0) }

    init(buffer: SourceBuffer) {
        button.isFlat = true
        // After the frame: shaping the text took a tenth of a millisecond of every key's frame.
        buffer.onCaretMoved { [weak self] in self?.updateSoon() }
        update()
    }

    /// Shows where `binding`'s caret is from now on.
    func follow(_ binding: DocumentBinding) {
        place = { [weak binding] in
            guard let binding else { return (0, 0, 0) }
            let caret = binding.caretLineAndColumn
            return (caret.line, caret.column, binding.selection.count)
        }
        update()
    }

    /// Shows where the caret is once the window has drawn its frame: the key's glyph first, its
    /// place in the header bar in the next frame (eight windows each finding their caret's line
    /// and column, or one shaping its text, held the typing window's frame back). `afterAFrame`:
    /// the key was typed in another window, whose frame this one's drawing waits for, as its
    /// buffer does (`DocumentBinding.catchUpDelay`).
    func updateSoon(afterAFrame: Bool = false) {
        guard pending == nil else { return }
        let step: @MainActor () -> Bool = { [weak self] in
            self?.pending = nil
            self?.update()
            return false
        }
        pending = afterAFrame
            ? TimerSource(milliseconds: DocumentBinding.catchUpDelay, priority: MainLoopPriority.beforeTextLayout, step)
            : IdleSource(priority: MainLoopPriority.beforeTextLayout, step)
    }
    private var pending: MainLoopSource?

    /// Shows where the caret is now.
    func update() {
        pending?.cancel()
        pending = nil
        let (line, column, selected) = place()
        button.text = selected > 0
            ? Self.withSelection(String(line + 1), String(column + 1), String(selected))
            : Self.caretOnly(String(line + 1), String(column + 1))
    }

    // Looked up once: the text is rebuilt at every key.
    private static let caretOnly = LocalizedTemplate("Ln %1, Col %2", arguments: 2)
    private static let withSelection = LocalizedTemplate("Ln %1, Col %2 (%3 selected)", arguments: 3)
}
