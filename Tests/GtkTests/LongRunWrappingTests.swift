@testable import Gtk
import XCTest

/// A line with a long run and no space in it wraps at any character (Pango wrapping it at words
/// re-measures the run for every row: seconds for a long line, at every key); every other line
/// keeps wrapping at words, and nothing wraps when the view does not.
final class LongRunWrappingTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    private static let run = String(repeating: "QUJD", count: 300)  // 1,200 characters, no space
    private static let prose = String(repeating: "some words ", count: 200)  // 2,200, spaced

    func testOnlyLinesWithALongRunWrapAnywhere() {
        MainActor.assumeIsolated {
            let view = SourceView(buffer: SourceBuffer())
            view.buffer.append("short\n\(Self.run)\n\(Self.prose)\nab \(Self.run) cd\n")
            view.setWraps(true)
            XCTAssertEqual((0...4).map { view.wrapsAnywhere(line: $0) }, [false, true, false, true, false],
                           "the text there before the view wrapped is looked at too")
            view.setWraps(false)
            XCTAssertFalse(view.wrapsAnywhere(line: 1), "a view that does not wrap wraps no line")
            view.setWraps(true)
            XCTAssertTrue(view.wrapsAnywhere(line: 1))
        }
    }

    func testEditsLookAgainAtTheLinesTheyTouch() {
        MainActor.assumeIsolated {
            let view = SourceView(buffer: SourceBuffer())
            view.setWraps(true)
            let buffer = view.buffer
            buffer.append("a\n")
            XCTAssertFalse(view.wrapsAnywhere(line: 0))
            buffer.userInsert(Self.run, at: 1)
            XCTAssertTrue(view.wrapsAnywhere(line: 0), "typed (or pasted) into a line")
            buffer.userInsert("x", at: 0)
            XCTAssertTrue(view.wrapsAnywhere(line: 0), "a character typed before the line's first one")
            buffer.userInsert(" ", at: 600)
            XCTAssertFalse(view.wrapsAnywhere(line: 0), "a space breaks the run in two short ones")
            buffer.apply(range: 600..<601, replacement: "")
            XCTAssertTrue(view.wrapsAnywhere(line: 0), "the space deleted: one long run again")
            buffer.apply(range: 700..<700, replacement: "\n")
            XCTAssertEqual([view.wrapsAnywhere(line: 0), view.wrapsAnywhere(line: 1)], [false, false], "split in two")
            buffer.apply(range: 700..<701, replacement: "")
            XCTAssertTrue(view.wrapsAnywhere(line: 0), "joined again")
            buffer.apply(range: 0..<1, replacement: "\(Self.prose)\n")
            XCTAssertEqual([view.wrapsAnywhere(line: 0), view.wrapsAnywhere(line: 1)], [false, true],
                           "a line put before it: the tag stays with the long line")
        }
    }
}
