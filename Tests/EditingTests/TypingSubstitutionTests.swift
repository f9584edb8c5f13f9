import Documents
import Editing
import Gtk
import TestSupport
import XCTest

/// A key's substitution (smart punctuation) is an undo step of its own after the key, shown in
/// every window on the document, and the caret stays after it.
final class TypingSubstitutionTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw NoDisplay()
            }
        }
    }
    struct NoDisplay: Error {}

    func testQuotesTypedTurnCurlyAndOneUndoGivesBackWhatWasTyped() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let typing = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            let other = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            typing.substitutesTyping = { SmartPunctuation.substitution(in: $0, typedEnd: $1, typed: $2) }
            for key in "say \"hi\"" { typing.buffer.userInsert(String(key), at: typing.buffer.caretOffset) }
            XCTAssertEqual(document.text, "say \u{201C}hi\u{201D}")
            XCTAssertEqual(other.buffer.text, document.text, "the other window shows it too")
            XCTAssertEqual(typing.buffer.caretOffset, 8, "the caret after the closing quote")
            typing.undo()
            XCTAssertEqual(document.text, "say \u{201C}hi\"", "one undo: the quote as typed")
            typing.buffer.userInsert("!", at: typing.buffer.caretOffset)
            XCTAssertEqual(document.text, "say \u{201C}hi\"!", "typing on after the undo keeps it")
            // Without the substitution (code, or the preference off) typing stays as typed.
            typing.substitutesTyping = nil
            typing.buffer.userInsert("\"", at: typing.buffer.caretOffset)
            XCTAssertEqual(document.text, "say \u{201C}hi\"!\"")
        }
    }
}
