import Documents
import Editing
import Foundation
import Gtk
import TestSupport
import XCTest

/// What a binding puts in its buffer: a document bigger than the first screen streams in, in idle
/// steps (edits that arrive meanwhile and line breaks on a step's edge end up exactly as in the
/// store), and very long lines show as rows that still copy and number as the document's lines.
final class StreamingBindingTests: XCTestCase {
    private var temporary: TemporaryFolder!

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("streaming")
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw BufferBindingTests.NoDisplay()
            }
        }
    }

    /// A file read whole at once, but longer than the binding's first screen.
    @MainActor private static func open(_ text: String, in store: DocumentStore, folder: String) throws -> Document {
        let path = folder + "/streamed-\(UUID().uuidString).txt"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return try store.openFile(at: path)
    }

    func testEditsArrivingMidStreamEndUpInTheBuffer() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let line = "a line of streamed text, forty-odd chars\n"
            let document = try Self.open(String(repeating: line, count: (DocumentBinding.firstScreen * 4) / line.count), in: store, folder: folder)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            XCTAssertEqual(binding.shownCount, DocumentBinding.firstScreen, "only the first screen at once")
            XCTAssertFalse(binding.isComplete)
            let shown = binding.shownCount
            store.apply(.insert("before ", at: 10), to: document)              // in what is shown
            store.apply(Edit(range: (shown + 7 - 5)..<(shown + 7 + 5), replacement: "ACROSS"), to: document)  // across its edge
            store.apply(.insert("beyond", at: document.storage.count - 3), to: document)  // not streamed yet
            store.apply(Edit(range: 0..<3, replacement: ""), to: document)
            XCTAssertFalse(binding.isComplete, "the edits came while the rest was still to stream")
            XCTAssertTrue(MainLoop.run(until: { binding.isComplete }, timeout: 10))
            XCTAssertEqual(binding.buffer.text, document.text)
            XCTAssertEqual(binding.buffer.characterCount, document.storage.count)
        }
    }

    func testACarriageReturnLineFeedOnAStepsEdgeStaysOneLineBreak() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            // "\r" is the last character of the first screen, "\n" the first of the next step
            // (and the lines are short, so the document stays editable and shown as it is).
            let lines = String(repeating: String(repeating: "y", count: 99) + "\n", count: 655)
            let head = lines + String(repeating: "z", count: DocumentBinding.firstScreen - 1 - lines.unicodeScalars.count) + "\r\n"
            let body = String(repeating: "crlf line\r\n", count: 20_000)
            let document = try Self.open(head + body, in: store, folder: folder)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            XCTAssertTrue(MainLoop.run(until: { binding.isComplete }, timeout: 10))
            XCTAssertEqual(binding.buffer.text, document.text)
            XCTAssertEqual(binding.buffer.lineCount, 655 + 1 + 20_000 + 1, "every CRLF is one line break in GTK's count")
        }
    }

    /// A line too long to lay out is shown split into rows; what is copied and how rows are
    /// numbered still follow the document, not the rows.
    func testRowsOfALongLineAreNeitherCopiedNorNumberedAsLines() throws {
        let path = temporary.path + "/minified.js"
        let long = String(repeating: "abcdefghij", count: 4_500)  // 45,000 characters: nine rows
        try (long + "\nsecond\n").write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            XCTAssertTrue(document.readOnlyReasons.contains(.longLines))
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            XCTAssertTrue(MainLoop.run(until: { binding.isComplete }, timeout: 10))
            let buffer = binding.buffer
            XCTAssertEqual(buffer.lineCount, 9 + 2, "nine rows, the second line, the empty last one")
            let rowLength = DocumentBinding.displayRowLength
            XCTAssertEqual(binding.documentLine(forRow: 0, startingAt: 0), 0)
            XCTAssertNil(binding.documentLine(forRow: 1, startingAt: rowLength + 1), "a continuation row has no number")
            XCTAssertEqual(binding.documentLine(forRow: 9, startingAt: long.count + 8 + 1), 1, "the second line is line 2")
            XCTAssertEqual(binding.documentText(forBufferRange: 0..<buffer.characterCount), document.text)
            let middle = (rowLength - 5)..<(rowLength + 1 + 5)  // across the first row break
            XCTAssertEqual(binding.documentText(forBufferRange: middle), "fghijabcde")
        }
    }
}
