import Documents
import Editing
import Gtk
import TestSupport
import XCTest

/// Real GtkSourceBuffers bound to one document: edits made as a user would make them, in any
/// buffer, reach the store and every buffer; no buffer ever changes on its own.
final class BufferBindingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw NoDisplay()
            }
        }
    }
    struct NoDisplay: Error {}

    func testRandomInterleavingsFromEightBuffersKeepEveryBufferEqualToTheStore() {
        MainActor.assumeIsolated {
            var rng = SplitMix64(testSeed: 2026)
            let store = DocumentStore()
            let document = store.newUntitled()
            let bindings = (0..<8).map { _ in DocumentBinding(store: store, document: document, buffer: SourceBuffer()) }
            var model = Array("seed text\nline two\n".unicodeScalars)
            bindings[0].buffer.userInsert(String(String.UnicodeScalarView(model)), at: 0)
            var undoModel: [[Unicode.Scalar]] = []
            for step in 0..<1_500 {
                let binding = bindings.randomElement(using: &rng)!
                let roll = Int.random(in: 0..<100, using: &rng)
                if roll < 8, !undoModel.isEmpty {
                    store.sealUndoStep(document)
                    binding.undo()
                    model = undoModel.removeLast()
                } else {
                    let a = Int.random(in: 0...model.count, using: &rng)
                    let b = min(model.count, a + Int.random(in: 0...4, using: &rng))
                    let text = ["k", "é", "한", "😀", "\n", "", "two words"].randomElement(using: &rng)!
                    if a == b && text.isEmpty { continue }
                    store.sealUndoStep(document)
                    undoModel.append(model)
                    binding.buffer.userReplace(a..<b, with: text)
                    model.replaceSubrange(a..<b, with: Array(text.unicodeScalars))
                }
                let expected = String(String.UnicodeScalarView(model))
                guard document.text == expected else { return XCTFail("store diverged at step \(step)") }
                for (i, other) in bindings.enumerated() where other.buffer.text != expected {
                    return XCTFail("buffer \(i) diverged at step \(step): \(other.buffer.text.debugDescription) vs \(expected.debugDescription)")
                }
            }
            XCTAssertTrue(document.isDirty)
        }
    }

    func testBufferCaretFollowsEditsFromOtherBuffersAndUndoMovesOnlyTheAskersCaret() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let one = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            let two = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            one.buffer.userInsert("abc\ndef\n", at: 0)
            two.buffer.placeCaret(offset: 5)      // on "def", after "d"
            one.buffer.userInsert("XY", at: 1)    // before two's caret
            XCTAssertEqual(two.buffer.caretOffset, 7)
            one.buffer.userInsert("!", at: 9)     // after two's caret
            XCTAssertEqual(two.buffer.caretOffset, 7)
            XCTAssertEqual(one.buffer.text, "aXYbc\ndef!\n")
            one.buffer.placeCaret(offset: 0)
            store.sealUndoStep(document)
            two.undo()                            // undoes one's "!"
            XCTAssertEqual(one.buffer.text, "aXYbc\ndef\n")
            XCTAssertEqual(two.buffer.caretOffset, 9, "the window that undid shows where")
            XCTAssertEqual(one.buffer.caretOffset, 0, "the other window's caret stays put")
        }
    }
}

/// Find's Replace and Replace All edit the document in the store: every window shows them.
final class SearchReplaceTests: XCTestCase {
    func testReplaceAllAndReplaceOneGoThroughTheStore() {
        MainActor.assumeIsolated {
            guard MainLoop.initialize() else { return XCTFail("GTK could not open a display: run the tests under xvfb-run.") }
            let store = DocumentStore()
            let document = store.newUntitled()
            let one = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            let two = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            one.buffer.userInsert("one two One three one\n", at: 0)
            let search = DocumentFinder(binding: one)
            search.search(try! TextPattern(text: "one", isRegex: false, isCaseSensitive: true, matchesWholeWords: false))
            XCTAssertEqual(search.matchCount, 2)
            XCTAssertEqual(search.step(forward: true), .selected)
            XCTAssertTrue(search.replaceSelected(with: "1"))
            XCTAssertEqual(document.text, "1 two One three one\n")
            XCTAssertEqual(two.buffer.text, document.text)
            XCTAssertEqual(search.replaceAll(with: "I"), 1)
            XCTAssertEqual(document.text, "1 two One three I\n")
            XCTAssertEqual(two.buffer.text, document.text)
            XCTAssertEqual(one.buffer.text, document.text)
        }
    }
}
