import Foundation
import XCTest
@testable import Documents

final class TextFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tandem-textfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

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

    func testRefusesBinaryAndInvalidUTF8WithAMessage() {
        XCTAssertThrowsError(try TextFile.decode([0x41, 0x00, 0x42], name: "a.bin")) { error in
            XCTAssertTrue((error as! TextFileError).message.contains("binary"))
        }
        XCTAssertThrowsError(try TextFile.decode([0x41, 0xFF, 0x42], name: "latin.txt")) { error in
            XCTAssertTrue((error as! TextFileError).message.contains("not valid UTF-8"))
        }
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
