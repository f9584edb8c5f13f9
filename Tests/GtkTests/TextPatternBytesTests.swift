import Gtk
import XCTest

/// Find in Files matches whole files as bytes: ranges in bytes, found past bytes that are not
/// UTF-8, with case and whole words as the find bar has them.
final class TextPatternBytesTests: XCTestCase {
    private func matches(_ pattern: TextPattern, _ bytes: [UInt8], limit: Int = .max) -> [Range<Int>] {
        var found: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            pattern.forEachMatch(in: buffer) { range in
                found.append(range)
                return found.count < limit
            }
        }
        return found
    }

    func testMatchesAreByteRangesFoundPastInvalidBytes() throws {
        let pattern = try TextPattern(text: "word", isRegex: false, isCaseSensitive: false, matchesWholeWords: true)
        let bytes: [UInt8] = Array("café Word ".utf8) + [0xFF, 0xFE, 0x0A] + Array("words word.".utf8)
        XCTAssertEqual(matches(pattern, bytes), [6..<10, 20..<24])
    }

    func testARegularExpressionMatchesAtLineStartsAndStopsWhenAsked() throws {
        let pattern = try TextPattern(text: "^b\\w+", isRegex: true, isCaseSensitive: true, matchesWholeWords: false)
        let bytes = Array("ab\nbc\nbd\nbe\n".utf8)
        XCTAssertEqual(matches(pattern, bytes), [3..<5, 6..<8, 9..<11])
        XCTAssertEqual(matches(pattern, bytes, limit: 1), [3..<5])
        XCTAssertEqual(matches(pattern, []), [])
    }
}
