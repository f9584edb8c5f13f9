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
            var events = 0
            let subscription = store.subscribe(to: document) { event in
                if case .edited(let edit, _, _) = event { caret = edit.transform(caret); events += 1 }
                if case .editedTogether(let batch, _, _) = event { caret = batch.transform(caret); events += 1 }
            }
            store.setLineEnding(.crlf, of: document)
            XCTAssertEqual(events, 1, "one event for every line break changed")
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

    /// What `.editorconfig` asks, worked out in one pass over the rope, against a plain model of
    /// the same rules, on random texts whose breaks fall across the rope's leaves.
    func testFormattingMatchesAPlainModelOnRandomTexts() {
        var rng = SplitMix64(testSeed: 7)
        let pieces = ["word", " ", "\t", "\r\n", "\n", "\r", "é", "😀", "  \r\n", "x\r"]
        for round in 0..<60 {
            var text = ""
            while text.unicodeScalars.count < Int.random(in: 0..<3_000, using: &rng) { text += pieces.randomElement(using: &rng)! }
            var rules = FormatRules()
            rules.lineEnding = [nil, .lf, .crlf, .cr][round % 4]
            rules.trimsTrailingWhitespace = round % 3 != 0
            rules.insertsFinalNewline = round % 5 != 0
            rules.newline = .crlf
            let expected = Self.model(text, rules)
            let change = FormatChange(TextStorage(text), rules: rules)
            XCTAssertEqual(Array((change?.result.string ?? text).unicodeScalars), Array(expected.unicodeScalars), "round \(round)")
            guard let change else { continue }
            // The batch's edits, applied from the last, give the same text; the records undo it.
            var applied = TextStorage(text)
            for edit in change.batch.edits.reversed() { applied.replace(edit.range, with: edit.replacement) }
            XCTAssertEqual(applied.string, expected)
            var undone = change.result
            for record in change.records.reversed() { undone.replace(record.inverse.range, with: record.inverse.replacement) }
            XCTAssertEqual(undone.string, text, "round \(round): the records undo it")
        }
    }

    /// The rules as a person would apply them: line by line.
    private static func model(_ text: String, _ rules: FormatRules) -> String {
        var lines: [(body: String, ending: String)] = []
        var body = "", scalars = Array(text.unicodeScalars), index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" {
                lines.append((body, "\r\n")); body = ""; index += 2; continue
            }
            if scalar == "\n" || scalar == "\r" { lines.append((body, String(scalar))); body = "" } else { body.unicodeScalars.append(scalar) }
            index += 1
        }
        lines.append((body, ""))
        var out = ""
        for (number, line) in lines.enumerated() {
            var body = line.body
            if rules.trimsTrailingWhitespace { while body.hasSuffix(" ") || body.hasSuffix("\t") { body.removeLast() } }
            out += body
            if number < lines.count - 1 { out += rules.lineEnding?.rawValue ?? line.ending }
        }
        if rules.insertsFinalNewline, let last = out.unicodeScalars.last, last != "\n" && last != "\r" {
            out += (rules.lineEnding ?? rules.newline).rawValue
        }
        return out
    }

    /// A batch's offsets, mapped at once, land where the same edits made one by one put them.
    func testABatchMovesOffsetsAsItsEditsDoOneByOne() {
        var rng = SplitMix64(testSeed: 3)
        for _ in 0..<200 {
            var edits: [Edit] = []
            var at = 0
            for _ in 0..<Int.random(in: 1..<12, using: &rng) {
                at += Int.random(in: 0..<5, using: &rng)
                let length = Int.random(in: 0..<4, using: &rng)
                edits.append(Edit(range: at..<(at + length), replacement: String(repeating: "x", count: Int.random(in: 0..<4, using: &rng))))
                at += max(length, 1)
            }
            let batch = EditBatch(edits)!
            for offset in 0...(at + 3) {
                var moved = offset
                for edit in edits.reversed() { moved = edit.transform(moved) }
                XCTAssertEqual(batch.transform(offset), moved, "offset \(offset) in \(edits)")
            }
            let sequential = EditBatch(sequential: edits.reversed())!
            XCTAssertEqual(sequential.edits, edits, "descending edits are already in the first text's offsets")
        }
    }

    /// Saving works out what `.editorconfig` asks off the main thread and makes it one batch:
    /// one event, one undo step, the file written as the window shows it; typing meanwhile is kept.
    func testSavingUnderEditorConfigFormatsOffTheMainThreadAsOneStep() throws {
        let folder = try TemporaryFolder("format")
        try MainActor.assumeIsolated {
            try "root = true\n[*]\nend_of_line = lf\ntrim_trailing_whitespace = true\ninsert_final_newline = true\n"
                .write(toFile: folder.file(".editorconfig"), atomically: true, encoding: .utf8)
            let path = folder.file("big.txt")
            let original = (0..<5_000).map { "line \($0)" + ($0 % 10 == 0 ? " \t" : "") }.joined(separator: "\r\n")
            try original.write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder.path)
            let document = try store.openFile(at: path, synchronously: true)
            var together = 0
            let subscription = store.subscribe(to: document) { event in
                if case .editedTogether = event { together += 1 }
            }
            store.apply(.insert("# ", at: 0), to: document)
            var result: TextFileError?? = .none
            try store.save(document) { result = .some($0) }
            XCTAssertTrue(BackgroundSaveTests.spin { result != nil })
            XCTAssertNil(result!)
            let expected = "# " + (0..<5_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), expected)
            XCTAssertEqual(document.text, expected, "what is written is what the windows show")
            XCTAssertEqual(together, 1, "one event for 5,000 line breaks")
            XCTAssertFalse(document.isDirty)
            // The journal began again from the formatted text: a relaunch has it, and its undo.
            store.journals!.waitUntilWritten()
            store.undo(document)
            XCTAssertEqual(document.text, "# " + original, "one undo step brings every line break back")
            XCTAssertTrue(document.isDirty)
            store.redo(document)
            XCTAssertFalse(document.isDirty)
            _ = subscription
        }
    }
}
