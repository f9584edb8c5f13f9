import Foundation
import TestSupport
import XCTest
@testable import Documents

@MainActor
private func waitForLoad(_ document: Document) {
    let deadline = Date().addingTimeInterval(120)
    while document.isLoading && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    XCTAssertFalse(document.isLoading, "timed out waiting for the load")
}

/// A file big enough to open as pieces of itself: its text stays in the file, edits are the
/// only text in memory, and a save streams the pieces and the edits into a new file.
final class FileBackedDocumentTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("file-backed") }

    /// The size from which the tests' stores open files as pieces (the real one is 256 MB).
    static let minimum: Int64 = 6 << 20

    /// Lines of 1- to 4-byte characters and every line break, a little over `bytes` of UTF-8.
    private func writeMixed(_ path: String, bytes: Int) throws -> [UInt8] {
        var random = SplitMix64(testSeed: 7301)
        let pieces = ["a log line of plain words ", "é", "한글", "😀", "\n", "\r\n", "\r", "\t", "\u{2029}"]
        var block = ""
        while block.utf8.count < 1 << 20 { block += pieces[random.next(pieces.count)] }
        var all = [UInt8]()
        all.reserveCapacity(bytes + block.utf8.count)
        while all.count < bytes { all += Array(block.utf8) }
        try Data(all).write(to: URL(fileURLWithPath: path))
        return all
    }

    func testABigFileOpensAsPiecesTakesEditsAndSavesByteForByte() throws {
        let path = temporary.file("big.log")
        var bytes = try writeMixed(path, bytes: Int(FileBackedDocumentTests.minimum) + (3 << 20))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            store.fileBackedMinimum = FileBackedDocumentTests.minimum
            let document = try store.openFile(at: path)
            waitForLoad(document)
            XCTAssertNotNil(document.storage.baseFile, "the text stands on the file's pieces")
            XCTAssertEqual(document.storage.utf8Count, bytes.count)
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(document.storage.count, text.unicodeScalars.count)
            XCTAssertEqual(document.storage.lineCount, TextStorage(text).lineCount)
            // Edits at the start, in the middle (inside a piece) and at the end.
            let middle = document.storage.count / 2
            store.apply(Edit(range: 0..<0, replacement: "first "), to: document)
            store.apply(Edit(range: middle..<(middle + 10), replacement: "MIDDLE"), to: document)
            let end = document.storage.count
            store.apply(Edit(range: end..<end, replacement: " last"), to: document)
            var scalars = Array(text.unicodeScalars)
            scalars.insert(contentsOf: "first ".unicodeScalars, at: 0)
            scalars.replaceSubrange(middle..<(middle + 10), with: "MIDDLE".unicodeScalars)
            scalars.append(contentsOf: " last".unicodeScalars)
            let expected = String(String.UnicodeScalarView(scalars))
            XCTAssertEqual(document.storage.substring((middle - 20)..<(middle + 20)),
                           String(String.UnicodeScalarView(scalars[(middle - 20)..<(middle + 20)])))
            try store.saveNow(document)
            XCTAssertFalse(document.isDirty)
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let wanted = Array(expected.utf8)
            let differ = (0..<min(bytes.count, wanted.count)).first { bytes[$0] != wanted[$0] } ?? min(bytes.count, wanted.count)
            XCTAssertTrue(bytes.count == wanted.count && differ == wanted.count,
                          "the file is the pieces and the edits, in order: \(bytes.count) bytes for \(wanted.count), apart from byte \(differ): \(bytes[max(0, differ - 20)..<min(bytes.count, differ + 20)]) for \(wanted[max(0, differ - 20)..<min(wanted.count, differ + 20)])")
            // The text now stands on the file it was saved to: the old one can go.
            var info = stat()
            XCTAssertEqual(stat(path, &info), 0)
            XCTAssertEqual(document.storage.baseFile?.inode, UInt64(info.st_ino))
            XCTAssertEqual(document.storage.substring(0..<100), String(String.UnicodeScalarView(scalars[0..<100])))
            XCTAssertEqual(document.storage.substring((middle - 20)..<(middle + 20)),
                           String(String.UnicodeScalarView(scalars[(middle - 20)..<(middle + 20)])))
            // And takes edits and saves again from there.
            store.apply(Edit(range: 6..<6, replacement: "again "), to: document)
            scalars.insert(contentsOf: "again ".unicodeScalars, at: 6)
            try store.saveNow(document)
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertTrue(bytes == Array(String(String.UnicodeScalarView(scalars)).utf8), "saved again byte for byte")
            store.closeIfUnused(document)
        }
    }

    /// A file over the size limit for texts held whole opens all the same as pieces of itself.
    func testTheSizeLimitHoldsOnlyForTextsHeldWhole() throws {
        let path = temporary.file("over.log")
        _ = try writeMixed(path, bytes: Int(FileBackedDocumentTests.minimum) + 1)
        let folder = temporary!
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            store.fileBackedMinimum = FileBackedDocumentTests.minimum
            store.maximumFileSize = { 1 << 20 }
            let document = try store.openFile(at: path)
            waitForLoad(document)
            XCTAssertNotNil(document.storage.baseFile)
            XCTAssertFalse(document.openFailed)
            let latin = folder.file("latin.txt")
            try Data([UInt8](repeating: 0xE9, count: 2 << 20)).write(to: URL(fileURLWithPath: latin))
            XCTAssertThrowsError(try store.openFile(at: latin)) { error in
                XCTAssertTrue("\(error)".contains("maximum-file-size"), "\(error)")
            }
        }
    }
}
