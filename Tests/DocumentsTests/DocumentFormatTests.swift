import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Line endings and encoding chosen by the user: one undo step, carets kept, Save writes them.
final class DocumentFormatTests: XCTestCase {
    func testLineEndingsChangeAsOneUndoStepAndSaveWritesThem() throws {
        let folder = try TemporaryFolder("format")
        try MainActor.assumeIsolated {
            let path = folder.file("mixed.txt")
            try Data("one\r\ntwo\nthree\rfour\n".utf8).write(to: URL(fileURLWithPath: path))
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            var caret = "one\r\ntwo\nth".unicodeScalars.count
            let subscription = store.subscribe(to: document) { event in
                if case .edited(let edit, _, _) = event { caret = edit.transform(caret) }
            }
            store.setLineEnding(.crlf, of: document)
            XCTAssertEqual(document.text, "one\r\ntwo\r\nthree\r\nfour\r\n")
            XCTAssertEqual(caret, "one\r\ntwo\r\nth".unicodeScalars.count, "a caret stays on its line")
            store.apply(.insert("\n", at: 0), to: document)
            XCTAssertTrue(document.text.hasPrefix("\r\n"), "new lines take the chosen style")
            store.undo(document)
            store.undo(document)
            XCTAssertEqual(document.text, "one\r\ntwo\nthree\rfour\n", "one undo step")
            XCTAssertFalse(document.isDirty)
            store.redo(document)
            try store.saveNow(document)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("one\r\ntwo\r\nthree\r\nfour\r\n".utf8))
            _ = subscription
        }
    }

    func testAnEncodingChosenIsWhatSaveWrites() throws {
        let folder = try TemporaryFolder("format")
        try MainActor.assumeIsolated {
            let path = folder.file("plain.txt")
            try "héllo\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.setEncoding(.utf16LittleEndian, of: document)
            XCTAssertTrue(document.isDirty, "the file is still in the old encoding")
            try store.saveNow(document)
            XCTAssertFalse(document.isDirty)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(Array(bytes.prefix(4)), [0xFF, 0xFE, 0x68, 0x00], "a byte-order mark, then UTF-16LE")
            XCTAssertEqual(try TextFile.read(path).text, "héllo\n")
        }
    }

    func testEditorConfigRulesApplyOnSaveAsOneUndoStep() throws {
        let folder = try TemporaryFolder("format")
        try MainActor.assumeIsolated {
            try "root = true\n[*.md]\nend_of_line = crlf\ntrim_trailing_whitespace = true\ninsert_final_newline = true\n"
                .write(toFile: folder.file(".editorconfig"), atomically: true, encoding: .utf8)
            let path = folder.file("notes.md")
            try "title  \nbody\t\nend".write(toFile: path, atomically: true, encoding: .utf8)
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("# ", at: 0), to: document)
            try store.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "# title\r\nbody\r\nend\r\n")
            XCTAssertEqual(document.text, "# title\r\nbody\r\nend\r\n", "what is written is what the window shows")
            XCTAssertFalse(document.isDirty)
            store.undo(document)
            XCTAssertEqual(document.text, "# title  \nbody\t\nend", "the rules' edits undo as one step")
        }
    }
}
