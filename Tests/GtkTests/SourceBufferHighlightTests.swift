@testable import Gtk
import XCTest

/// A small edit is highlighted as it goes into the buffer, wherever it is (mid-line, at a line's
/// end before more lines, at the text's very end, a deletion as much as an insertion): nothing
/// is left for GtkSourceView's idle, which would change the line's tags after GTK laid it out.
final class SourceBufferHighlightTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    func testSmallEditsLeaveNothingForTheHighlightingIdle() {
        MainActor.assumeIsolated {
            let buffer = SourceBuffer()
            buffer.languageID = "markdown"
            let paragraph = "The quiet river ran past *old* houses and the end"
            buffer.append("# Chapter\n\n" + paragraph + "\n\n" + paragraph)
            _ = MainLoop.run(until: { false }, timeout: 0.3)  // the first analysis, in its idle
            var updates = 0
            buffer.onHighlightUpdated { updates += 1 }
            let firstEnd = 11 + paragraph.unicodeScalars.count
            let textEnd = buffer.characterCount
            let edits: [(String, Range<Int>, String)] = [
                ("typed at the text's end", textEnd..<textEnd, "x"),
                ("deleted at the text's end", textEnd..<(textEnd + 1), ""),
                ("typed at a line's end", firstEnd..<firstEnd, "x"),
                ("deleted at a line's end", firstEnd..<(firstEnd + 1), ""),
                ("deleted mid-line", 20..<21, ""),
            ]
            for (what, range, replacement) in edits {
                let before = updates
                buffer.placeCaret(offset: range.upperBound)
                buffer.apply(range: range, replacement: replacement)
                XCTAssertGreaterThan(updates, before, "\(what): highlighted as it went in")
                let during = updates
                _ = MainLoop.run(until: { false }, timeout: 0.3)
                XCTAssertEqual(updates, during, "\(what): nothing left for the idle")
                XCTAssertEqual(buffer.caretOffset, range.lowerBound + replacement.unicodeScalars.count, "\(what): the caret where the edit left it")
            }
            let ends = "# Chapter\n\n" + paragraph + "\n\n" + paragraph
            var expected = Array(ends.unicodeScalars)
            expected.remove(at: 20)
            XCTAssertEqual(buffer.text, String(String.UnicodeScalarView(expected)), "the text is the edits' and no other")
        }
    }
}
