import Documents
import Editing
import Foundation
import Gtk
import TestSupport
import XCTest

/// The preview of a read-only document with very long lines: it streams in from the start, as rows
/// that still copy and number as the document's lines.
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
