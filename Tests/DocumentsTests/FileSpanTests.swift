import Foundation
import TestSupport
import XCTest
@testable import Documents

/// The rope over a file's pieces against a plain model, under random edits, and with the file
/// changed under it by another program between them.
final class FileSpanTests: XCTestCase {
    private let alphabet: [String] = ["a", "b", " ", "\n", "é", "😀", "\r\n", "한", "x\ny", "\r", "\u{2029}", "\t"]

    private func randomText(_ rng: inout SplitMix64, maxLength: Int) -> String {
        String((0..<rng.next(maxLength + 1)).map { _ in alphabet[rng.next(alphabet.count)] }.joined())
    }

    /// Storage whose every leaf stands for a piece of `path` (`pieceBytes` each at most).
    private func fileBacked(_ path: String, pieceBytes: Int) throws -> TextStorage {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let base = try XCTUnwrap(BaseFile(path: path))
        return try XCTUnwrap(bytes.withUnsafeBufferPointer {
            TextStorage.indexing($0, at: 0, in: base, pieceBytes: pieceBytes)?.text
        })
    }

    private func assertMatches(_ storage: TextStorage, _ model: [Unicode.Scalar], _ context: String) {
        XCTAssertEqual(storage.count, model.count, context)
        XCTAssertEqual(storage.string, String(String.UnicodeScalarView(model)), context)
        let starts = ReferenceLines.starts(of: model)
        XCTAssertEqual(storage.lineCount, starts.count, context)
        XCTAssertEqual(storage.endsWithLineBreak, storage.finalLineBreakLength > 0, "\(context): the final break, from the leaves' edges")
        for (line, start) in starts.enumerated() where line % 7 == 0 || line == starts.count - 1 {
            XCTAssertEqual(storage.offset(ofLine: line), start, "\(context): line \(line)")
            XCTAssertEqual(storage.lineAndColumn(of: start).line, line, "\(context): line of \(start)")
        }
        if model.count > 10 {
            let lo = model.count / 5, hi = model.count - 3
            XCTAssertEqual(storage.substring(lo..<hi), String(String.UnicodeScalarView(model[lo..<hi])), context)
        }
    }

    /// Random edits (typing, deletes across many pieces, big pastes) on a file-backed text, with
    /// pieces as small as a few bytes so that cuts land inside characters' neighbours and "\r\n"s.
    func testRandomEditsOverFilePiecesMatchAModel() throws {
        let folder = try TemporaryFolder("spans")
        for round in 1...10 {
            var rng = SplitMix64(testSeed: 7100 + UInt64(round))
            let original = randomText(&rng, maxLength: 4000)
            let path = folder.file("base-\(round).txt")
            try Data(original.utf8).write(to: URL(fileURLWithPath: path))
            var storage = try fileBacked(path, pieceBytes: 5 + rng.next(300))
            var model = Array(original.unicodeScalars)
            assertMatches(storage, model, "round \(round), as read")
            var emptied = false
            for step in 0..<200 {
                let a = rng.next(model.count + 1)
                let b = min(model.count, a + rng.next(step % 9 == 0 ? 2000 : 6))
                let insert = randomText(&rng, maxLength: step % 13 == 0 ? 3000 : 4)
                let snapshot = storage
                storage.replace(a..<b, with: insert)
                if a == 0 && b == model.count { emptied = true }  // a text filled anew stands on no file
                model.replaceSubrange(a..<b, with: Array(insert.unicodeScalars))
                XCTAssertEqual(storage.count, model.count, "round \(round) step \(step)")
                if step % 50 == 0 { XCTAssertEqual(snapshot.count, model.count - insert.unicodeScalars.count + (b - a)) }
                if step % 40 == 0 { assertMatches(storage, model, "round \(round) step \(step)") }
            }
            assertMatches(storage, model, "round \(round), at the end")
            if !emptied { XCTAssertNotNil(storage.baseFile, "round \(round)") }
        }
    }

    /// Another program appending to the file, or replacing it by a rename, changes none of the
    /// text the pieces stand for: they read the bytes indexed, through the descriptor held.
    func testAppendsAndRenameReplacesLeaveTheTextAsRead() throws {
        let folder = try TemporaryFolder("spans")
        let path = folder.file("log.txt")
        let original = (0..<2000).map { "line \($0) é\n" }.joined()
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))
        var storage = try fileBacked(path, pieceBytes: 512)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("appended\n".utf8))
        try handle.close()
        XCTAssertEqual(storage.string, original)
        try Data("someone else's\n".utf8).write(to: URL(fileURLWithPath: folder.file("new.txt")))
        XCTAssertEqual(rename(folder.file("new.txt"), path), 0)
        storage.replace(10..<20, with: "X")
        var model = Array(original.unicodeScalars)
        model.replaceSubrange(10..<20, with: ["X"])
        assertMatches(storage, model, "after a rename-replace")
        XCTAssertEqual(storage.baseFile?.isDamaged, false)
    }

    /// A rewrite or a truncation in place is caught when a piece is read: its text is shown as
    /// U+FFFD of its length, never as the new bytes, and the base file says it was damaged.
    func testRewritesAndTruncationsInPlaceAreCaughtNotShown() throws {
        let folder = try TemporaryFolder("spans")
        for truncate in [false, true] {
            let path = folder.file("data-\(truncate).txt")
            let original = String(repeating: "0123456789abcdef\n", count: 400)
            try Data(original.utf8).write(to: URL(fileURLWithPath: path))
            let storage = try fileBacked(path, pieceBytes: 1024)
            let fd = open(path, O_WRONLY)
            XCTAssertGreaterThanOrEqual(fd, 0)
            if truncate {
                XCTAssertEqual(ftruncate(fd, 3000), 0)
            } else {
                let other = [UInt8](repeating: UInt8(ascii: "Z"), count: 100)
                XCTAssertEqual(other.withUnsafeBytes { pwrite(fd, $0.baseAddress, 100, 5000) }, 100)
            }
            close(fd)
            let read = storage.string
            XCTAssertEqual(read.unicodeScalars.count, original.unicodeScalars.count)
            XCTAssertFalse(read.contains("Z"), "a rewritten byte was shown")
            XCTAssertTrue(read.contains("\u{FFFD}"))
            XCTAssertTrue(read.hasPrefix(String(original.prefix(3000 - 3000 % 1024))), "pieces before the change still read")
            XCTAssertEqual(storage.baseFile?.isDamaged, true)
        }
    }

    /// The bytes a save streams are the text's exactly, pieces read ahead of the writing; a
    /// piece rewritten in place stops the stream at it, nothing of it handed on.
    func testStreamedBytesAreTheTextsAndStopAtARewrittenPiece() throws {
        let folder = try TemporaryFolder("spans")
        let path = folder.file("stream.txt")
        let original = (0..<3000).map { "line \($0) é\n" }.joined()
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))
        var storage = try fileBacked(path, pieceBytes: 700)
        storage.replace(5000..<5100, with: "typed 😀\n")
        storage.replace(100..<100, with: "more")
        var streamed: [UInt8] = []
        XCTAssertTrue(storage.forEachUTF8Piece { streamed += $0; return true })
        XCTAssertEqual(streamed, Array(storage.string.utf8))
        var some = 0
        XCTAssertFalse(storage.forEachUTF8Piece { _ in some += 1; return some < 5 }, "the taker stopped it")
        XCTAssertEqual(some, 5)

        let fd = open(path, O_WRONLY)
        XCTAssertEqual([UInt8](repeating: 0x5A, count: 10).withUnsafeBytes { pwrite(fd, $0.baseAddress, 10, 20_000) }, 10)
        close(fd)
        streamed = []
        XCTAssertFalse(storage.forEachUTF8Piece { streamed += $0; return true })
        XCTAssertFalse(streamed.contains(0x5A), "a rewritten byte was handed on")
        XCTAssertLessThan(streamed.count, 20_010)
        XCTAssertEqual(streamed, Array(Array(storage.string.utf8).prefix(streamed.count)))
    }

    /// Bytes that are not UTF-8 make no file-backed storage (the loader falls back then).
    func testInvalidUTF8IsRefused() throws {
        let folder = try TemporaryFolder("spans")
        let path = folder.file("latin1.txt")
        try Data([0x61, 0x62, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))
        let base = try XCTUnwrap(BaseFile(path: path))
        let bytes: [UInt8] = [0x61, 0x62, 0xE9, 0x0A]
        XCTAssertNil(bytes.withUnsafeBufferPointer { TextStorage.indexing($0, at: 0, in: base) })
    }

    /// The validator agrees with the standard library's on random bytes near UTF-8's edges.
    func testValidationAgreesWithTheStandardLibrary() {
        var rng = SplitMix64(testSeed: 7199)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                    0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            var bytes = (0..<rng.next(12)).map { _ in interesting[rng.next(interesting.count)] }
            if rng.next(2) == 0 { bytes = [UInt8](repeating: 0x61, count: rng.next(20)) + bytes }
            let mine = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
            XCTAssertEqual(mine, String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
        }
    }

    /// The long-line look after a restore reads only what edits made, yet finds every long line
    /// they made (typed, pasted, or two lines joined by a delete), against a whole scan under
    /// random edits; a file's own lines are the index's to measure.
    func testTheLongLineLookAtEditsAgreesWithAWholeScan() throws {
        let folder = try TemporaryFolder("long-lines")
        let limit = 50
        var agreedLong = 0
        for round in 1...40 {
            var rng = SplitMix64(testSeed: 7400 + UInt64(round))
            var lines: [String] = []
            for _ in 0..<200 { lines.append(String(repeating: ["a", "é", "😀"][rng.next(3)], count: rng.next(limit))) }
            let path = folder.file("short-\(round).txt")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
            var storage = try fileBacked(path, pieceBytes: 7 + rng.next(200))
            XCTAssertFalse(storage.hasLineTouchingOwnText(longerThan: limit), "round \(round): as read")
            for _ in 0..<(1 + rng.next(4)) {
                let at = rng.next(storage.count + 1)
                switch rng.next(3) {
                case 0: storage.replace(at..<at, with: String(repeating: "x", count: rng.next(2 * limit)))
                case 1: storage.replace(at..<min(storage.count, at + rng.next(3 * limit)), with: "")
                default: storage.replace(at..<min(storage.count, at + rng.next(10)), with: "y\n" + String(repeating: "z", count: rng.next(limit)))
                }
            }
            // A line's length counts its break, as the rope measures it.
            let split = storage.string.split(omittingEmptySubsequences: false) { $0 == "\n" }
            let whole = split.indices.contains { split[$0].unicodeScalars.count + ($0 < split.count - 1 ? 1 : 0) > limit }
            XCTAssertEqual(storage.hasLineTouchingOwnText(longerThan: limit), whole, "round \(round)")
            if whole { agreedLong += 1 }
        }
        XCTAssertGreaterThan(agreedLong, 5, "the edits made long lines often enough to test the look")
    }

    /// A key's long-line look, taken from the edges of the leaves beside it, says what counting
    /// the lines through the rope says, for typing, pastes and deletes over a file's pieces.
    func testTheLongLineLookBesideFilePiecesAgreesWithCounting() throws {
        let folder = try TemporaryFolder("edges")
        let limit = 40
        var checked = 0
        for round in 1...30 {
            var rng = SplitMix64(testSeed: 7500 + UInt64(round))
            var lines: [String] = []
            for _ in 0..<150 { lines.append(String(repeating: ["a", "é", "😀", "\u{2029}"][rng.next(4)], count: rng.next(limit))) }
            let path = folder.file("edges-\(round).txt")
            try Data(lines.joined(separator: ["\n", "\r\n", "\r"][rng.next(3)]).utf8).write(to: URL(fileURLWithPath: path))
            var storage = try fileBacked(path, pieceBytes: 5 + rng.next(120))
            var caret = rng.next(storage.count + 1)
            for _ in 0..<60 {
                let inserted: String
                switch rng.next(6) {
                case 0: inserted = "\n"
                case 1: inserted = String(repeating: "y", count: 1 + rng.next(limit))
                case 2:
                    caret = rng.next(storage.count + 1)
                    let end = min(storage.count, caret + rng.next(limit))
                    storage.replace(caret..<end, with: "")
                    continue
                default: inserted = ["x", "é", "😀"][rng.next(3)]
                }
                storage.replace(caret..<caret, with: inserted)
                let range = caret..<(caret + inserted.unicodeScalars.count)
                XCTAssertEqual(storage.hasLine(longerThan: limit, touching: range, inserted: inserted),
                               storage.hasLineByCounting(longerThan: limit, touching: range, inserted: inserted), "round \(round) at \(caret)")
                caret = range.upperBound
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }
}
