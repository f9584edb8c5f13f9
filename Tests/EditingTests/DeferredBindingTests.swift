import Documents
import Editing
import Gtk
import TestSupport
import XCTest

/// With several windows on a document, only the window typed in changes its buffer before its
/// frame; the others catch up a frame later. Whatever GTK does meanwhile in a buffer that is behind
/// (a key, a paste arriving, a click) lands where the user saw it. The buffers here are driven
/// as GTK drives them, directly, not through `binding.buffer` (which catches up first).
final class DeferredBindingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw BufferBindingTests.NoDisplay()
            }
        }
    }

    @MainActor private static func twoWindows(_ text: String) -> (DocumentStore, Document, [(DocumentBinding, SourceBuffer)]) {
        let store = DocumentStore()
        let document = store.newUntitled()
        let pairs = (0..<2).map { _ -> (DocumentBinding, SourceBuffer) in
            let buffer = SourceBuffer()
            return (DocumentBinding(store: store, document: document, buffer: buffer), buffer)
        }
        pairs[0].1.userInsert(text, at: 0)
        caughtUp(pairs.map(\.0))
        return (store, document, pairs)
    }

    /// Turns the loop until no buffer is behind (the catch-up waits a frame for the typing window's).
    @MainActor private static func caughtUp(_ bindings: [DocumentBinding]) {
        MainLoop.runUntilIdle()
        XCTAssertTrue(MainLoop.run(until: { bindings.allSatisfy { !$0.isBehind } }, timeout: 5), "a buffer stayed behind")
    }

    func testTheOtherWindowCatchesUpAfterTheTypingWindowsTurn() {
        MainActor.assumeIsolated {
            let (store, document, pairs) = Self.twoWindows("abc\ndef\n")
            defer { withExtendedLifetime(store) {} }
            let (two, twoBuffer) = pairs[1]
            twoBuffer.placeCaret(offset: 5)
            pairs[0].1.userInsert("XY", at: 1)
            XCTAssertEqual(document.text, "aXYbc\ndef\n")
            XCTAssertEqual(pairs[0].1.text, "aXYbc\ndef\n", "the window typed in changes at once")
            XCTAssertEqual(twoBuffer.text, "abc\ndef\n", "the other waits for the typing window's frame")
            XCTAssertEqual(two.caret, 7, "its caret follows the edit at once, as a document offset")
            Self.caughtUp(pairs.map(\.0))
            XCTAssertEqual(twoBuffer.text, "aXYbc\ndef\n")
            XCTAssertEqual(twoBuffer.caretOffset, 7)
        }
    }

    func testTypingIntoAWindowStillBehindLandsWhereItsUserSawIt() {
        MainActor.assumeIsolated {
            let (store, document, pairs) = Self.twoWindows("abc\ndef\n")
            defer { withExtendedLifetime(store) {} }
            let twoBuffer = pairs[1].1
            pairs[0].1.userInsert("XY", at: 1)
            twoBuffer.userInsert("!", at: 6)            // after "de" as window two still shows it
            XCTAssertEqual(document.text, "aXYbc\nde!f\n")
            pairs[0].1.userInsert("Z", at: 0)
            XCTAssertEqual(twoBuffer.text, "aXYbc\nde!f\n", "the \"Z\" is not in this buffer yet")
            twoBuffer.userReplace(1..<3, with: "")      // "XY" as this window shows it
            XCTAssertEqual(document.text, "Zabc\nde!f\n")
            Self.caughtUp(pairs.map(\.0))
            for (binding, buffer) in pairs {
                XCTAssertEqual(buffer.text, document.text)
                XCTAssertEqual(binding.buffer.text, document.text)
            }
        }
    }

    func testWhatTheOtherWindowChangedMeanwhileIsNeverTakenAway() {
        MainActor.assumeIsolated {
            let (store, document, pairs) = Self.twoWindows("abcdef")
            defer { withExtendedLifetime(store) {} }
            pairs[0].1.userReplace(2..<4, with: "XYZ")   // "cd" becomes "XYZ" in window one
            pairs[1].1.userReplace(3..<5, with: "!")     // "de" as window two still shows it
            XCTAssertEqual(document.text, "abXYZ!f", "the \"d\" was gone already; \"XYZ\" stays")
            pairs[0].1.userInsert("Q", at: 0)
            pairs[1].1.userReplace(1..<2, with: "")      // window two's "b"
            XCTAssertEqual(document.text, "QaXYZ!f")
        }
    }

    func testAKeyWhereTheOtherWindowInsertedGoesAfterItAsTheCaretDoes() {
        MainActor.assumeIsolated {
            let (store, document, pairs) = Self.twoWindows("abc")
            defer { withExtendedLifetime(store) {} }
            pairs[0].1.userInsert("XY", at: 1)
            pairs[1].1.userInsert("!", at: 1)
            XCTAssertEqual(document.text, "aXY!bc")
        }
    }

    func testAClickInAWindowStillBehindPutsTheCaretWhereItWasClicked() {
        MainActor.assumeIsolated {
            let (store, document, pairs) = Self.twoWindows("abc\ndef\n")
            defer { withExtendedLifetime(store) {} }
            let (two, twoBuffer) = pairs[1]
            pairs[0].1.userInsert("XY", at: 1)
            twoBuffer.placeCaret(offset: 6)             // between "e" and "f" as shown
            XCTAssertEqual(two.caret, 8)
            XCTAssertEqual(document.text.unicodeScalars.dropFirst(two.caret).first, "f")
            Self.caughtUp(pairs.map(\.0))
            XCTAssertEqual(twoBuffer.caretOffset, 8)
        }
    }

    func testUndoInAnotherWindowIsShownEverywhereAtOnce() {
        MainActor.assumeIsolated {
            let (store, document, pairs) = Self.twoWindows("abc")
            store.sealUndoStep(document)
            pairs[0].1.userInsert("XY", at: 1)
            Self.caughtUp(pairs.map(\.0))
            store.sealUndoStep(document)
            pairs[0].0.undo()
            XCTAssertEqual(pairs[1].1.text, "abc", "an undo or redo is not put off")
        }
    }

    /// Random edits typed into random windows of random sizes, each at a place in what its
    /// buffer shows at that moment, with the loop turning only now and then: every buffer
    /// holds its window of the store's text once the loop has turned.
    func testRandomTypingIntoWindowsBehindKeepsEveryWindowExact() {
        MainActor.assumeIsolated {
            var rng = SplitMix64(testSeed: 77)
            let store = DocumentStore()
            let document = store.newUntitled()
            let sizes = [4, 7, 30, 400]
            let pairs = sizes.map { size -> (DocumentBinding, SourceBuffer) in
                let buffer = SourceBuffer()
                return (DocumentBinding(store: store, document: document, buffer: buffer, windowLines: size), buffer)
            }
            pairs[0].1.userInsert((0..<80).map { "line \($0)" }.joined(separator: "\n"), at: 0)
            for step in 0..<1_500 {
                let (binding, buffer) = pairs.randomElement(using: &rng)!
                let shown = buffer.characterCount
                let a = Int.random(in: 0...shown, using: &rng)
                let b = min(shown, a + Int.random(in: 0...3, using: &rng))
                let text = ["k", "é", "\n", "", "two words\n"].randomElement(using: &rng)!
                if a == b && text.isEmpty { continue }
                let before = document.storage.count
                buffer.userReplace(a..<b, with: text)
                // All of it typed; of what it took away, what another window had not taken already.
                let count = document.storage.count, inserted = text.unicodeScalars.count
                XCTAssertTrue((before + inserted - (b - a)...(before + inserted)).contains(count), "step \(step)")
                if Int.random(in: 0..<4, using: &rng) == 0 { binding.reveal(Int.random(in: 0...document.storage.count, using: &rng)) }
                if Int.random(in: 0..<3, using: &rng) == 0 || step == 1_499 {
                    Self.caughtUp(pairs.map(\.0))
                    for (index, (other, raw)) in pairs.enumerated() where raw.text != document.storage.substring(other.window.range) {
                        return XCTFail("window \(index) wrong at step \(step)")
                    }
                }
            }
        }
    }
}
