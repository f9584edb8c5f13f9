import Documents
import Editing
import Gtk
import XCTest

/// A paste through the view (Ctrl+V's signal, the clipboard's text arriving later) is an undo
/// step of its own: typing grouped into words never swallows it, nor what is typed after it.
final class PasteUndoTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw NoDisplay()
            }
        }
    }
    struct NoDisplay: Error {}

    func testAOneCharacterPasteRightAfterAWordTypedIsAStepOfItsOwn() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let buffer = SourceBuffer()
            let view = SourceView(buffer: buffer)
            let binding = DocumentBinding(store: store, document: document, buffer: buffer)
            let viewport = DocumentViewport(binding: binding, view: view, scrollbar: Scrollbar())
            // The clipboard is the display's: the view must be in a window.
            let window = Window()
            window.add(view)
            // One character at a time, each right after the last: one word, one undo step.
            for character in "naïve" { buffer.userInsert(String(character), at: buffer.caretOffset) }
            XCTAssertEqual(document.text, "naïve")
            buffer.placeCaret(offset: 5)
            // One character, so it would continue the word were it typed.
            view.copyToClipboard("x")
            view.paste()
            XCTAssertTrue(MainLoop.run(until: { document.text == "naïvex" }, timeout: 5), "the paste arrived: \(document.text.debugDescription)")
            buffer.userInsert("y", at: 6)
            XCTAssertEqual(document.text, "naïvexy")

            binding.undo()
            XCTAssertEqual(document.text, "naïvex", "what was typed after the paste is a step of its own")
            binding.undo()
            XCTAssertEqual(document.text, "naïve", "the paste is a step of its own")
            binding.undo()
            XCTAssertEqual(document.text, "", "the word typed is one step")
            withExtendedLifetime(viewport) {}
            window.destroy()
        }
    }
}
