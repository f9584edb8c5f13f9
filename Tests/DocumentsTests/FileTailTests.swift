import CMappedCompare
import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A followed file's old part is compared byte for byte with the text, through a mapping of the
/// file: a change anywhere in it is found, and a file cut short under the mapping is a change,
/// never a crash.
final class FileTailTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("tail") }

    /// A text of many rope chunks, with characters of one to four bytes.
    private let text = String(repeating: "a line of the log, déjà vu 😀 ∑\n", count: 8_000)

    private func holds(_ bytes: [UInt8], _ text: String, markLength: Int = 0) throws -> Bool {
        let path = temporary.file("held.txt")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return FileTail.fileHolds(path, text: TextStorage(text), markLength: markLength)
    }

    func testTheSameBytesAreHeldAndAnyOtherAreNot() throws {
        let bytes = Array(text.utf8)
        XCTAssertTrue(try holds(bytes, text))
        var changed = bytes
        changed[bytes.count / 2] ^= 0x01  // a same-length change in the middle
        XCTAssertFalse(try holds(changed, text))
        XCTAssertFalse(try holds(Array(bytes.dropLast()), text), "shorter")
        XCTAssertFalse(try holds(bytes + [0x0A], text), "longer")
        XCTAssertTrue(try holds([0xEF, 0xBB, 0xBF] + bytes, text, markLength: 3))
        XCTAssertFalse(try holds([0xEF, 0xBB, 0xBF] + bytes, text), "the mark is not the text's")
        XCTAssertTrue(try holds([], ""))
    }

    func testGrowthIsTheNewEndOnlyWhenTheOldPartIsUnchanged() throws {
        let path = temporary.file("log.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let tail = FileTail(size: Int64(text.utf8.count))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("more\n".utf8))
        XCTAssertEqual(tail.growth(path, holding: TextStorage(text), markLength: 0)?.text, "more\n")
        handle.seek(toFileOffset: 10)
        handle.write(Data("X".utf8))  // the old part changed too, keeping its length
        handle.closeFile()
        XCTAssertNil(tail.growth(path, holding: TextStorage(text), markLength: 0))
    }

    func testAFileCutShortUnderItsMappingDiffersAndNothingCrashes() throws {
        let path = temporary.file("cut.txt")
        let bytes = [UInt8](repeating: 0x61, count: 256 << 10)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDWR)
        defer { close(fd) }
        let mapped = try XCTUnwrap(tandem_map_file(fd, bytes.count))
        defer { tandem_unmap_file(mapped, bytes.count) }
        XCTAssertEqual(bytes.withUnsafeBytes { tandem_mapped_compare(mapped, $0.baseAddress, bytes.count) }, 0)
        XCTAssertEqual(ftruncate(fd, 0), 0)  // another program truncates the file (a log rotated)
        XCTAssertEqual(bytes.withUnsafeBytes { tandem_mapped_compare(mapped, $0.baseAddress, bytes.count) }, -1)
        // The guard is gone once the comparison ends, and comparisons go on working.
        XCTAssertEqual(ftruncate(fd, off_t(bytes.count)), 0)
        XCTAssertEqual(bytes.withUnsafeBytes { tandem_mapped_compare(mapped, $0.baseAddress, 4096) }, 1, "zeros now")
    }
}
