import Documents
import Editing
import Foundation
import Gtk
import TestSupport
import XCTest

/// A file that ends with a line break shows no empty line after it, as in gedit: the buffer
/// leaves the break (and the line after it) out, the document keeps it and writes it back.
final class FinalLineBreakTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder("final-break")
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw BufferBindingTests.NoDisplay()
            }
        }
    }

    @MainActor private static func open(_ text: String, in folder: String, windowLines: Int = 1_500) throws -> (DocumentStore, Document, DocumentBinding) {
        let path = folder + "/file-\(UUID().uuidString).txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let store = DocumentStore()
        let document = try store.openFile(at: path, synchronously: true)
        return (store, document, DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: windowLines))
    }

    /// A file cut short by another program under a caret at its end must not leave the caret
    /// after the hidden break, on a line the view does not have ("Ln 6" under five lines).
    func testACaretAtTheEndOfAFileCutShortStaysOnItsLastLine() throws {
        let folder = self.folder.path
        try MainActor.assumeIsolated {
            let text = (1...8).map { "line \($0)\n" }.joined()
            let (store, document, binding) = try Self.open(text, in: folder)
            binding.select(anchor: binding.shownEnd, caret: binding.shownEnd)
            let shorter = (1...5).map { "line \($0)\n" }.joined()
            // What following `head -n 5` applies: the last lines and the final break with them.
            store.apply(.delete(shorter.count..<text.count), to: document)
            XCTAssertEqual(document.text, shorter)
            XCTAssertEqual(binding.caret, shorter.count - 1, "before the hidden break")
            XCTAssertEqual(binding.caretLineAndColumn.line, 4, "on the last line the view shows")
            XCTAssertEqual(binding.buffer.caretOffset, binding.buffer.characterCount)
        }
    }

    func testTheFinalBreakIsLeftOutAndABreakTheUserAddsShows() throws {
        let folder = self.folder.path
        try MainActor.assumeIsolated {
            let (store, document, binding) = try Self.open("one\ntwo\n", in: folder)
            XCTAssertEqual(binding.buffer.text, "one\ntwo")
            XCTAssertEqual(binding.buffer.lineCount, 2, "no numbered empty line after the last")
            XCTAssertEqual(binding.shownLineCount, 2)
            XCTAssertEqual(binding.offset(line: 9, column: 0), 4, "the last line shown is the last a caret reaches")
            binding.selectAll()
            XCTAssertEqual(binding.selection, 0..<7)
            binding.select(anchor: 7, caret: 7)
            binding.buffer.userInsert("!", at: binding.buffer.characterCount)
            XCTAssertEqual(document.text, "one\ntwo!\n", "typed before the break the file ends with")
            store.sealUndoStep(document)
            binding.buffer.userInsert("\n", at: binding.buffer.characterCount)
            XCTAssertEqual(document.text, "one\ntwo!\n\n")
            XCTAssertEqual(binding.buffer.text, "one\ntwo!\n", "the line the user added shows")
            XCTAssertEqual(binding.buffer.caretOffset, 9, "with the caret on it")
            binding.buffer.userInsert("three", at: 9)
            XCTAssertEqual(document.text, "one\ntwo!\nthree\n")
            store.sealUndoStep(document)
            binding.undo()
            binding.undo()
            XCTAssertEqual(document.text, "one\ntwo!\n")
            XCTAssertEqual(binding.buffer.text, "one\ntwo!")
        }
    }

    /// Found by the random user: the final break deleted (here by a Select All that reached it,
    /// or a change from disk), then Enter at the end: the new break is the user's and shows,
    /// with the caret after it, and what is typed next goes on the new line.
    func testABreakTypedAfterTheFinalOneWasDeletedShows() throws {
        let folder = self.folder.path
        try MainActor.assumeIsolated {
            let (store, document, binding) = try Self.open("one\ntwo\n", in: folder)
            store.apply(.delete(7..<8), to: document)
            XCTAssertEqual(document.text, "one\ntwo")
            XCTAssertFalse(document.hidesFinalLineBreak, "nothing to hide now")
            store.sealUndoStep(document)
            binding.select(anchor: 7, caret: 7)
            binding.buffer.userInsert("\n", at: binding.buffer.characterCount)
            binding.buffer.userInsert("x", at: binding.buffer.caretOffset)
            XCTAssertEqual(document.text, "one\ntwo\nx")
            XCTAssertEqual(binding.buffer.text, "one\ntwo\nx")
        }
    }

    func testACarriageReturnLineFeedEndIsLeftOutWholeAndAFileWithoutOneShowsAll() throws {
        let folder = self.folder.path
        try MainActor.assumeIsolated {
            let (_, _, crlf) = try Self.open("a\r\nb\r\n", in: folder)
            XCTAssertEqual(crlf.buffer.text, "a\r\nb")
            let (_, _, mac) = try Self.open("a\rb\r", in: folder)
            XCTAssertEqual(mac.buffer.text, "a\rb")
            let (plainStore, plainDocument, plain) = try Self.open("a\nb", in: folder)
            XCTAssertEqual(plain.buffer.text, "a\nb")
            plain.buffer.userInsert("\n", at: 3)
            XCTAssertEqual(plainDocument.text, "a\nb\n")
            XCTAssertEqual(plain.buffer.text, "a\nb\n", "a file that had no final break shows the one typed")
            withExtendedLifetime(plainStore) {}
        }
    }

    /// Windows of every size over a file that ends with a break, while edits land anywhere (an
    /// append after the hidden break, as a log grows; the break deleted and typed again) and the
    /// windows slide: each buffer holds exactly its window, never the hidden break, and a window
    /// that reached the end of what shows reaches it still.
    func testRandomEditsNeverShowTheHiddenBreakAndKeepTheEndInView() throws {
        let folder = self.folder.path
        try MainActor.assumeIsolated {
            var rng = SplitMix64(testSeed: 77)
            let (store, document, first) = try Self.open((0..<40).map { "line \($0)\n" }.joined(), in: folder)
            XCTAssertTrue(document.hidesFinalLineBreak)
            let bindings = [first] + [4, 6, 11, 400].map {
                DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: $0)
            }
            for step in 0..<1_500 {
                let reachedEnd = bindings.map { $0.window.end == $0.shownEnd }
                let binding = bindings.randomElement(using: &rng)!
                let roll = Int.random(in: 0..<100, using: &rng)
                let text = document.storage
                // A slide moves the window; an undo shows the window that asked for it the change.
                let slides = roll < 30, undoes = roll >= 30 && roll < 35
                if roll < 20 {
                    binding.show(lines: Int.random(in: 0..<text.lineCount, using: &rng), count: binding.windowLines)
                } else if roll < 30 {
                    binding.reveal(Int.random(in: 0...text.count, using: &rng))
                } else if roll < 35 {
                    store.sealUndoStep(document)
                    binding.undo()
                } else if roll < 55 {
                    // At the very end, after the hidden break: a log's next line, or the break's removal.
                    let count = text.count
                    let edit = roll < 45 ? Edit.insert(["x\n", "more", "\n", "\r\n"].randomElement(using: &rng)!, at: count)
                        : Edit(range: max(0, count - Int.random(in: 1...3, using: &rng))..<count, replacement: "")
                    store.apply(edit, to: document)
                } else {
                    let replacement = ["x", "\n", "", "two\nlines", "é"].randomElement(using: &rng)!
                    let a = Int.random(in: 0...binding.buffer.characterCount, using: &rng)
                    let b = min(binding.buffer.characterCount, a + Int.random(in: 0...5, using: &rng))
                    if a == b && replacement.isEmpty { continue }
                    store.sealUndoStep(document)
                    binding.buffer.userReplace(a..<b, with: replacement)
                }
                for (index, each) in bindings.enumerated() {
                    let text = document.storage, window = each.window
                    let context = "window \(index) at step \(step): \(window) of \(text.count), shown end \(each.shownEnd)"
                    var problems: [String] = []
                    if each.buffer.text != text.substring(window.range) { problems.append("the buffer is not the window's text") }
                    if window.end > each.shownEnd { problems.append("the hidden break is in the window") }
                    // (A window grown past three times its size goes back to its size around the caret.)
                    let rebalanced = window.contains(each.caret) && window.lineCount(in: text) == each.windowLines
                    if window.lineCount(in: text) - 1 + window.firstLine == each.lastShownLine || (reachedEnd[index] && !slides && !(undoes && each === binding) && !rebalanced),
                       window.end != each.shownEnd { problems.append("the end left the window") }
                    if each.shownLineCount <= each.windowLines && window.range != 0..<each.shownEnd {
                        problems.append("a window with room for it all does not hold it all")
                    }
                    if !problems.isEmpty { return XCTFail(context + ": " + problems.joined(separator: ", ")) }
                }
            }
        }
    }
}
