import Documents
import Editing
import Foundation
import Gtk
import TestSupport
import XCTest

/// A document bigger than the first screen streams into the buffer in idle steps: edits that
/// arrive meanwhile, before, across and beyond what the buffer holds, and line breaks that
/// fall on a step's edge, all end up exactly as in the store.
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
}
