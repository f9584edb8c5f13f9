import Foundation
import TestSupport
import XCTest
@testable import Documents

final class TextFileTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }
    override func setUpWithError() throws { temporary = try TemporaryFolder("textfile") }

    private func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

    func testRoundTripKeepsBytesAndBOM() throws {
        let path = folder + "/bom.txt"
        let original: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("héllo\r\nwörld".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(original)))
        let file = try TextFile.read(path)
        XCTAssertTrue(file.hasByteOrderMark)
        XCTAssertEqual(file.text, "héllo\r\nwörld")
        try file.write(to: path)
        XCTAssertEqual(bytes(path), original)
    }

    func testRefusesBinaryAndFallsBackFromInvalidUTF8() throws {
        XCTAssertThrowsError(try TextFile.decode([0x41, 0x00, 0x42], name: "a.bin")) { error in
            XCTAssertTrue((error as! TextFileError).message.contains("binary"))
        }
        let latin = try TextFile.decode([0x41, 0xFF, 0x42], name: "latin.txt")
        XCTAssertEqual(latin.encoding, .windows1252)
        XCTAssertEqual(latin.text, "AÿB")
    }

    func testSaveKeepsModeAndSymlink() throws {
        let target = folder + "/target.txt", link = folder + "/link.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.txt")
        try TextFile(text: "new").write(to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "target.txt", "the link stays a link")
        XCTAssertEqual(String(decoding: bytes(target), as: UTF8.self), "new")
        var info = stat()
        stat(target, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("tandem-") }
        XCTAssertEqual(leftovers, [], "no temp file is left behind")
    }

    func testFailedSaveSaysWhyAndLeavesNoTrace() throws {
        XCTAssertThrowsError(try TextFile(text: "x").write(to: folder + "/no/such/folder/a.txt")) { error in
            XCTAssertEqual((error as! TextFileError).message, "Could not save “a.txt”: the folder does not exist.")
        }
        let blocker = folder + "/plainfile"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("keep".utf8)))
        XCTAssertThrowsError(try TextFile(text: "x").write(to: blocker + "/child.txt"))
        XCTAssertEqual(String(decoding: bytes(blocker), as: UTF8.self), "keep")
    }

    func testNewFileGetsUmaskMode() throws {
        let path = folder + "/fresh.txt"
        try TextFile(text: "a\n").write(to: path)
        var info = stat()
        stat(path, &info)
        let mask = umask(0); umask(mask)
        XCTAssertEqual(info.st_mode & 0o777, 0o666 & ~mask)
        XCTAssertEqual(bytes(path), Array("a\n".utf8))
    }
}

/// Every encoding and newline style comes back byte for byte, and new lines follow the file.
final class FaithfulFileTests: XCTestCase {
    func testEveryEncodingRoundTripsExactly() throws {
        let samples: [(String, [UInt8], TextEncoding, Bool)] = [
            ("utf8", Array("a\r\nb\nc\rd é".utf8), .utf8, false),
            ("utf8bom", [0xEF, 0xBB, 0xBF] + Array("x\n".utf8), .utf8, true),
            ("utf16le", [0xFF, 0xFE, 0x68, 0x00, 0x0A, 0x00, 0x3D, 0xD8, 0x00, 0xDE], .utf16LittleEndian, true),
            ("utf16be", [0xFE, 0xFF, 0x00, 0x68, 0x00, 0x0A], .utf16BigEndian, true),
            ("latin", [0x63, 0x61, 0x66, 0xE9, 0x80, 0x81, 0x9D, 0xFF, 0x0D, 0x0A], .windows1252, false),
        ]
        for (name, bytes, encoding, bom) in samples {
            let file = try TextFile.decode(bytes, name: name)
            XCTAssertEqual(file.encoding, encoding, name)
            XCTAssertEqual(file.hasByteOrderMark, bom, name)
            XCTAssertEqual(Array(try file.encoded()), bytes, "\(name) is written back unchanged")
        }
        XCTAssertEqual(try TextFile.decode([0x63, 0x61, 0x66, 0xE9, 0x80], name: "l").text, "café€")
    }

    func testUnrepresentableCharacterFailsWithAMessage() throws {
        var file = try TextFile.decode([0x63, 0xE9], name: "old.txt")
        file.text += "😀"
        XCTAssertThrowsError(try file.encoded(name: "old.txt")) { error in
            XCTAssertTrue((error as! TextFileError).message.contains("Windows-1252"))
            XCTAssertTrue((error as! TextFileError).message.contains("U+1F600"))
        }
    }

    func testBadUTF16IsRefused() {
        XCTAssertThrowsError(try TextFile.decode([0xFF, 0xFE, 0x00, 0xD8, 0x41], name: "odd"))
        XCTAssertThrowsError(try TextFile.decode([0xFF, 0xFE, 0x00, 0xDC], name: "lone surrogate"))
    }

    func testDominantLineEndingAndInsertedNewlines() {
        XCTAssertEqual(LineEnding.dominant(in: "a\r\nb\r\nc\nd"), .crlf)
        XCTAssertEqual(LineEnding.dominant(in: "a\rb\rc\n"), .cr)
        XCTAssertEqual(LineEnding.dominant(in: "no newline"), .lf)
        XCTAssertEqual(LineEnding.crlf.applied(to: "x\ny\r\nz"), "x\r\ny\r\nz")
        XCTAssertEqual(LineEnding.cr.applied(to: "x\n"), "x\r")
    }

    func testTypedNewlinesFollowTheFileAndMixedStaysMixed() throws {
        try MainActor.assumeIsolated {
            let folder = NSTemporaryDirectory() + "tandem-eol-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/mixed.txt"
            let original = "one\r\ntwo\r\nthree\nfour"  // mixed, mostly CRLF, no final newline
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(original.utf8)))
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("\nnew", at: document.storage.count), to: document)
            try store.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), original + "\r\nnew")
        }
    }
}
