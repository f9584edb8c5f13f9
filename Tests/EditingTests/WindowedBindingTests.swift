import Documents
import Editing
import Foundation
import Gtk
import TestSupport
import XCTest

/// Buffers that hold a window of their document's lines: windows as small as a few lines slide
/// on small documents, and whatever the users of several windows do, each buffer holds exactly
/// its window's text, and each caret and selection keeps its place in the document.
final class WindowedBindingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw BufferBindingTests.NoDisplay()
            }
        }
    }

    /// The buffer holds whole lines of the document, the window's, and nothing else.
    @MainActor private static func check(_ binding: DocumentBinding, _ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let text = binding.document.storage
        let window = binding.window
        let before = text.substring(max(0, window.start - 1)..<window.start), at = text.substring(window.start..<(window.start + 1))
        let startsLine = window.start == 0 || before == "\n" || (before == "\r" && at != "\n")
        let endsLine = window.end == text.count || ["\n", "\r"].contains(text.substring(window.end..<(window.end + 1)))
        guard startsLine, endsLine, binding.buffer.text == text.substring(window.range) else {
            XCTFail("\(context()): window \(window) of \(text.count), buffer \(binding.buffer.text.debugDescription) vs \(text.substring(window.range).debugDescription)", file: file, line: line)
            return false
        }
        return true
    }

    private static func lines(_ count: Int, _ ending: String = "\n") -> String {
        (0..<count).map { "line \($0)" }.joined(separator: ending)
    }

    /// The property test of item 5: windows of random sizes, scrolled at random, while edits from
    /// all of them (and undo) land anywhere, before, inside, across and after each window.
    func testRandomEditsAndSlidesKeepEveryWindowExact() {
        MainActor.assumeIsolated {
            var rng = SplitMix64(testSeed: 12)
            let store = DocumentStore()
            let document = store.newUntitled()
            let sizes = [4, 5, 7, 12, 30, 400]
            let bindings = sizes.map { DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: $0) }
            bindings[0].buffer.userInsert(Self.lines(60, "\n") + "\r\nwindows\r\n" + Self.lines(40, "\r\n"), at: 0)
            var slidOff = sizes.map { _ in 0 }
            for step in 0..<2_000 {
                // Deletions may eat the document away: lines come back, so windows keep sliding.
                if document.storage.lineCount < 50 { store.apply(.insert("\n" + Self.lines(60), at: document.storage.count), to: document) }
                let binding = bindings.randomElement(using: &rng)!
                let roll = Int.random(in: 0..<100, using: &rng)
                let text = document.storage
                if roll < 25 {
                    binding.show(lines: Int.random(in: 0..<text.lineCount, using: &rng), count: binding.windowLines)
                } else if roll < 35 {
                    binding.reveal(Int.random(in: 0...text.count, using: &rng))
                } else if roll < 40 {
                    store.sealUndoStep(document)
                    binding.undo()
                } else {
                    // A user edit inside the buffer, or a store edit anywhere (another program's Replace All).
                    let replacement = ["x", "\n", "", "two\nlines", "\r\n", "é😀"].randomElement(using: &rng)!
                    store.sealUndoStep(document)
                    if roll < 75, binding.buffer.characterCount > 0 {
                        let a = Int.random(in: 0...binding.buffer.characterCount, using: &rng)
                        let b = min(binding.buffer.characterCount, a + Int.random(in: 0...6, using: &rng))
                        if a == b && replacement.isEmpty { continue }
                        binding.buffer.userReplace(a..<b, with: replacement)
                    } else {
                        let a = Int.random(in: 0...text.count, using: &rng)
                        let b = min(text.count, a + Int.random(in: 0...40, using: &rng))
                        store.apply(Edit(range: a..<b, replacement: replacement), to: document)
                    }
                }
                for (index, each) in bindings.enumerated() where !Self.check(each, "window \(index) at step \(step)") { return }
                for (index, each) in bindings.enumerated() where each.window.start > 0 { slidOff[index] += 1 }
            }
            XCTAssertTrue(slidOff.dropLast().allSatisfy { $0 > 100 }, "small windows spent time away from the start: \(slidOff)")
        }
    }

    /// Many edits at once (a line-ending change: one event, not one per line) land in windows of
    /// every size, anywhere in the document, with carets on every line: each buffer still holds its
    /// window's text exactly, each caret stays on its line and column, and undo and redo (one step,
    /// one event each) come back the same way.
    func testEveryLineEndingChangedAtOnceKeepsEveryWindowAndCaret() {
        MainActor.assumeIsolated {
            var rng = SplitMix64(testSeed: 31)
            let store = DocumentStore()
            let document = store.newUntitled()
            let bindings = [4, 5, 9, 30, 400].map { DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: $0) }
            let text = (0..<300).map { line in
                "line \(line)" + (line % 7 == 0 ? "  " : "") + (line % 3 == 0 ? "\n" : "\r\n")
            }.joined()
            store.apply(.insert(text, at: 0), to: document, keepsNewlines: true)
            var events = 0
            let subscription = store.subscribe(to: document) { event in
                if case .editedTogether = event { events += 1 }
                if case .edited = event { XCTFail("one event for all of them, not one per line") }
            }
            for step in 0..<12 {
                var places: [(line: Int, column: Int)] = []
                for binding in bindings {
                    binding.show(lines: Int.random(in: 0..<300, using: &rng), count: binding.windowLines)
                    let line = Int.random(in: 0..<300, using: &rng)
                    let caret = binding.offset(line: line, column: Int.random(in: 0...6, using: &rng))
                    binding.select(anchor: caret, caret: caret)
                    places.append(binding.caretLineAndColumn)
                }
                let before = document.text
                let ending: LineEnding = step % 2 == 0 ? .lf : .crlf
                store.setLineEnding(ending, of: document)
                XCTAssertFalse(document.text.contains(ending == .lf ? "\r" : "\n\n"), "every break is \(ending)")
                XCTAssertEqual(events, 3 * step + 1)
                for (index, binding) in bindings.enumerated() {
                    guard Self.check(binding, "window \(index) at step \(step)") else { return }
                    XCTAssertEqual(binding.caretLineAndColumn.line, places[index].line, "window \(index)'s caret keeps its line")
                    XCTAssertEqual(binding.caretLineAndColumn.column, places[index].column, "and its column")
                }
                store.undo(document)
                XCTAssertEqual(document.text, before, "one undo step")
                for (index, binding) in bindings.enumerated() where !Self.check(binding, "window \(index) after undo \(step)") { return }
                store.redo(document)
                for (index, binding) in bindings.enumerated() where !Self.check(binding, "window \(index) after redo \(step)") { return }
            }
            _ = subscription
        }
    }

    func testAWindowOfFiveLinesSlidesOverTheDocumentAndMapsOffsets() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert(Self.lines(100), at: 0), to: document)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 5)
            XCTAssertEqual(binding.buffer.lineCount, 5, "only the window's lines")
            XCTAssertEqual(binding.buffer.text, Self.lines(5))
            let deep = binding.offset(line: 70, column: 3)
            binding.reveal(deep)
            XCTAssertEqual(binding.firstLine, 68, "the line in the window's middle")
            XCTAssertEqual(binding.bufferOffset(of: deep), "line 68\nline 69\nlin".count)
            XCTAssertEqual(binding.documentOffset(ofBuffer: 0), binding.offset(line: 68, column: 0))
            XCTAssertNil(binding.bufferOffset(of: 0), "line 0 is not in the buffer")
            binding.show(lines: 98, count: 5)
            XCTAssertEqual(binding.buffer.text, "line 95\nline 96\nline 97\nline 98\nline 99", "the window stops at the end")
            XCTAssertTrue(Self.check(binding, "at the end"))
        }
    }

    func testACaretScrolledAwayKeepsItsPlaceAndEditsElsewhereMoveIt() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert(Self.lines(100), at: 0), to: document)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 6)
            let other = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 6)
            let caret = binding.offset(line: 2, column: 4)
            binding.select(anchor: caret, caret: caret)
            binding.show(lines: 50, count: 6)
            XCTAssertFalse(binding.caretIsShown)
            XCTAssertEqual(binding.caret, caret, "scrolling away does not move the caret")
            other.buffer.userInsert("new first line\n", at: 0)
            XCTAssertEqual(binding.caret, caret + 15, "an edit above the caret moves it")
            XCTAssertEqual(binding.firstLine, 51, "and the window with it")
            binding.reveal(binding.caret)
            XCTAssertTrue(binding.caretIsShown)
            XCTAssertEqual(binding.buffer.caretOffset, binding.bufferOffset(of: caret + 15), "the buffer's caret is back on it")
        }
    }

    /// Select All then typing, with a window much smaller than the document: the whole document
    /// is replaced, as one undo step, and undo brings it all back.
    func testSelectAllThenTypingReplacesTheWholeDocumentAsOneStep() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let original = Self.lines(200)
            store.apply(.insert(original, at: 0), to: document)
            store.sealUndoStep(document)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 8)
            binding.show(lines: 100, count: 8)
            binding.selectAll()
            XCTAssertEqual(binding.selection, 0..<document.storage.count)
            XCTAssertEqual(binding.selectedText, original, "the selection's text comes from the store")
            XCTAssertEqual(binding.buffer.selectedCount, binding.buffer.characterCount, "the buffer shows its part selected")
            // Typing over a selection: GTK deletes the selection it shows, then inserts.
            binding.buffer.userReplace(0..<binding.buffer.characterCount, with: "fresh")
            XCTAssertEqual(document.text, "fresh")
            XCTAssertEqual(binding.buffer.text, "fresh")
            XCTAssertEqual(binding.caret, 5)
            store.sealUndoStep(document)
            binding.undo()
            XCTAssertEqual(document.text, original, "one undo step brings the whole document back")
            XCTAssertTrue(Self.check(binding, "after undo"))
        }
    }

    func testAWindowEndingBeforeACarriageReturnLineFeedNeverHoldsHalfOfIt() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert(Self.lines(30, "\r\n"), at: 0), to: document)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 4)
            XCTAssertEqual(binding.buffer.text, "line 0\r\nline 1\r\nline 2\r\nline 3")
            XCTAssertEqual(binding.buffer.lineCount, 4)
            binding.buffer.userInsert("!", at: binding.buffer.characterCount)
            XCTAssertTrue(document.text.hasPrefix("line 0\r\nline 1\r\nline 2\r\nline 3!\r\nline 4"))
            XCTAssertTrue(Self.check(binding, "typing at the window's end"))
        }
    }

    /// A line feed put at a window's start, just after a carriage return that ended the line
    /// before, makes the two one break: the window takes that line in, never starting inside it.
    func testALineFeedJoiningACarriageReturnBeforeTheWindowMovesItsStartBack() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert("a\rb\rc\rd\re\rf\rg\rh\r", at: 0), to: document, keepsNewlines: true)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 4)
            binding.show(lines: 4, count: 4)
            XCTAssertEqual(binding.window.start, 8)
            store.apply(.insert("\n", at: 8), to: document, keepsNewlines: true)
            XCTAssertEqual(binding.window.start, 6, "the line \"d\\r\\n\" is the window's first")
            XCTAssertTrue(Self.check(binding, "after the join"))
        }
    }

    /// A deletion from just after a carriage return into the line after the window joins that
    /// "\r" to a line feed: the window ends before the "\r", and its buffer lets it go.
    func testADeletionJoiningACarriageReturnToALineFeedPastTheWindowEndsItBeforeTheBreak() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert("one\ntwo\rthree\nfour\nfive\r\nsix\n", at: 0), to: document, keepsNewlines: true)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 4)
            XCTAssertEqual(binding.window.end, 18, "to the end of \"four\"")
            // From after "two\r" to just before the "\n" that ends "five\r": "two\r\n" is one line.
            store.apply(Edit(range: 8..<24, replacement: ""), to: document)
            XCTAssertEqual(document.text, "one\ntwo\r\nsix\n")
            XCTAssertTrue(Self.check(binding, "after the deletion"))
            XCTAssertEqual(binding.buffer.text, document.storage.substring(binding.window.range))
        }
    }

    /// A line-ending change leaves a caret at the end of a line there, before the break it changed.
    func testALineEndingChangeLeavesACaretAtALinesEndOnItsLine() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert("one\ntwo\nthree\n", at: 0), to: document, keepsNewlines: true)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            let end = binding.offset(line: 1, column: 3)
            binding.select(anchor: end, caret: end)
            store.setLineEnding(.crlf, of: document)
            XCTAssertEqual(document.text, "one\r\ntwo\r\nthree\r\n")
            XCTAssertEqual(binding.caretLineAndColumn.line, 1)
            XCTAssertEqual(binding.caretLineAndColumn.column, 3)
            store.setLineEnding(.lf, of: document)
            XCTAssertEqual(binding.caretLineAndColumn.line, 1)
            XCTAssertEqual(binding.caretLineAndColumn.column, 3)
            // An extra caret at a line's end stays there too.
            XCTAssertTrue(binding.addCaret(atBuffer: binding.offset(line: 0, column: 3)))
            store.setLineEnding(.crlf, of: document)
            XCTAssertEqual(binding.extraCarets.map(\.offset), [3], "before the first line's break")
        }
    }
}
