import CByteScan
import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Indexing's one pass over plain ASCII against the general counts, and the blocks the cores
/// read meeting between characters.
final class PieceIndexTests: XCTestCase {
    /// Random ASCII with "\n"s, NULs and, now and then, a "\r" or a character past ASCII at any
    /// place (early, past the first 4 KiB, in the tail): the one pass gives exactly what the
    /// general counts, traits and checksum give, or steps aside for them.
    func testTheOnePassAgreesWithTheGeneralCounts() {
        var rng = SplitMix64(testSeed: 7201)
        let plain: [UInt8] = Array("abcdefghij klmnopqrstuvwxyz0123456789".utf8) + [0x0A, 0x0A, 0x00]
        var fastPaths = 0
        for round in 0..<400 {
            let length = round < 100 ? round : rng.next(round % 5 == 0 ? 70_000 : 9000)
            var bytes = (0..<length).map { _ in plain[rng.next(plain.count)] }
            if round % 3 == 0, !bytes.isEmpty {
                let odd: [[UInt8]] = [[0x0D], [0xC3, 0xA9], [0xE2, 0x80, 0xA9], [0x0D, 0x0A]]
                let at = rng.next(bytes.count)
                bytes.insert(contentsOf: odd[rng.next(odd.count)], at: at)
            }
            bytes.withUnsafeBufferPointer { buffer in
                guard let index = PieceIndex(buffer) else { return XCTAssertTrue(buffer.isEmpty, "round \(round)") }
                var counts = tandem_piece_counts(), lines = tandem_line_traits(), hash: UInt64 = 0
                fastPaths += Int(tandem_index_plain_piece(buffer.baseAddress, buffer.count, &counts, &lines, &hash))
                let general = LeafCounts(of: buffer), traits = LineTraits(of: buffer)
                XCTAssertEqual(index.counts.scalars, general.scalars, "round \(round)")
                XCTAssertEqual(index.counts.breaks, general.breaks, "round \(round)")
                XCTAssertEqual(index.counts.first, general.first, "round \(round)")
                XCTAssertEqual(index.counts.last, general.last, "round \(round)")
                XCTAssertEqual(index.hash, SpanHash.of(buffer), "round \(round)")
                XCTAssertEqual(index.isASCII, !bytes.contains { $0 >= 0x80 }, "round \(round)")
                XCTAssertEqual(index.lines.leading, traits.leading, "round \(round)")
                XCTAssertEqual(index.lines.trailing, traits.trailing, "round \(round)")
                XCTAssertEqual(index.lines.longestInside, traits.longestInside, "round \(round)")
                XCTAssertEqual(index.lines.hasBreak, traits.hasBreak, "round \(round)")
                XCTAssertEqual(index.lines.containsNUL, traits.containsNUL, "round \(round)")
            }
        }
        XCTAssertGreaterThan(fastPaths, 200, "most rounds are plain ASCII and take the one pass")
    }

    /// Line traits joined piece by piece are those of the whole, wherever it is cut.
    func testLineTraitsAppendedAreTheWholesTraits() {
        var rng = SplitMix64(testSeed: 7202)
        for round in 0..<300 {
            let text = (0..<rng.next(60)).map { _ in ["a", "bb", "\n", "é"][rng.next(4)] }.joined()
            let bytes = Array(text.utf8)
            var cuts = (0..<rng.next(4)).map { _ in rng.next(bytes.count + 1) }.sorted()
            cuts = [0] + cuts.filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 } + [bytes.count]
            var joined = LineTraits(of: "")
            for (from, to) in zip(cuts, cuts.dropFirst()) {
                joined.append(bytes[from..<to].withUnsafeBufferPointer { LineTraits(of: $0) })
            }
            let whole = bytes.withUnsafeBufferPointer { LineTraits(of: $0) }
            XCTAssertEqual([joined.leading, joined.trailing, joined.longestInside], [whole.leading, whole.trailing, whole.longestInside],
                           "round \(round): \(text.debugDescription) cut at \(cuts)")
            XCTAssertEqual(joined.hasBreak, whole.hasBreak, "round \(round)")
        }
    }

    /// A file of several blocks with characters of every length across each block's edges (and
    /// one ending the file) is indexed by the cores to exactly its text, its lines and its
    /// longest line; one continuation byte too many at an edge is no UTF-8, and is refused.
    func testBlocksMeetBetweenCharacters() throws {
        let folder = try TemporaryFolder("pieces")
        let block = FileLoader.indexBlockSize
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 5 * block + 1000)
        for line in stride(from: 77, to: bytes.count, by: 97) { bytes[line] = 0x0A }
        let characters: [[UInt8]] = [[0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80]]
        // Each starts before an edge and ends after it: one, two or three bytes past it.
        for (start, character) in [(block - 1, 0), (2 * block - 2, 1), (3 * block - 3, 2), (4 * block - 1, 2), (5 * block - 1, 1)] {
            bytes.replaceSubrange(start..<(start + characters[character].count), with: characters[character])
        }
        bytes.replaceSubrange((bytes.count - 4)..<bytes.count, with: characters[2])
        let path = folder.file("blocks.txt")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let indexed = try XCTUnwrap(FileLoader.indexNow(try XCTUnwrap(BaseFile(path: path))))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(indexed.text.count, text.unicodeScalars.count)
        XCTAssertEqual(indexed.text.lineCount, text.utf8.count { $0 == 0x0A } + 1)
        XCTAssertTrue(indexed.text.string == text, "the text is the file's, byte for byte")
        let model = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.unicodeScalars.count }.max()
        XCTAssertEqual(indexed.longestLine, model)

        bytes[3 * block - 2...3 * block + 2] = [0xE2, 0x80, 0x80, 0x80, 0x80]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(FileLoader.indexNow(try XCTUnwrap(BaseFile(path: path))))
    }
}
