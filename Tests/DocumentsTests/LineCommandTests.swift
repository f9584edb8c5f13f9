import Documents
import XCTest

/// Line commands as pure functions of the text and the selection: each gives one edit, and the
/// text after it is what a user of Kate, Builder or VS Code expects.
final class LineCommandTests: XCTestCase {
    /// Applies `command` to `text` with the selection `anchor..<caret`; returns the text after it
    /// and the selection.
    private func run(_ command: LineCommand, _ text: String, anchor: Int, caret: Int, newline: String = "\n") -> (String, Int, Int)? {
        let storage = TextStorage(text)
        guard let change = command.change(anchor: anchor, caret: caret, in: storage, newline: newline) else { return nil }
        var scalars = Array(text.unicodeScalars)
        scalars.replaceSubrange(change.edit.range, with: change.edit.replacement.unicodeScalars)
        return (String(String.UnicodeScalarView(scalars)), change.anchor, change.caret)
    }

    private let plain = LineCommand.sort(descending: false, ignoringCase: false, unique: false)

    func testSortingTheSelectedLinesLeavesTheOthersAndKeepsEachBreakInItsPlace() throws {
        let text = "zeta\ncharlie\r\nalpha\nbravo\nomega\n"
        // From inside "charlie" to the start of "omega": three lines, "omega" not taken.
        let (sorted, anchor, caret) = try XCTUnwrap(run(plain, text, anchor: 7, caret: 26))
        XCTAssertEqual(sorted, "zeta\nalpha\r\nbravo\ncharlie\nomega\n")
        XCTAssertEqual(Array(sorted.unicodeScalars)[anchor..<caret].map(String.init).joined(), "alpha\r\nbravo\ncharlie")
    }

    func testWithNothingSelectedTheWholeDocumentIsSortedAndTheFinalBreakStaysLast() throws {
        let (sorted, _, _) = try XCTUnwrap(run(plain, "b\nc\na\n", anchor: 0, caret: 0))
        XCTAssertEqual(sorted, "a\nb\nc\n")
        XCTAssertNil(run(plain, "a\nb\n", anchor: 1, caret: 1), "already in order: no edit, no undo step")
    }

    func testSortOptionsReverseIgnoreCaseAndDropDuplicates() throws {
        let text = "pear\nApple\napple\nPear\nbanana"
        XCTAssertEqual(try XCTUnwrap(run(.sort(descending: true, ignoringCase: false, unique: false), text, anchor: 0, caret: 0)).0,
                       "pear\nbanana\napple\nPear\nApple")
        XCTAssertEqual(try XCTUnwrap(run(.sort(descending: false, ignoringCase: true, unique: false), text, anchor: 0, caret: 0)).0,
                       "Apple\napple\nbanana\npear\nPear", "equal ignoring case: in the order they stood")
        XCTAssertEqual(try XCTUnwrap(run(.sort(descending: false, ignoringCase: true, unique: true), text, anchor: 0, caret: 0)).0,
                       "Apple\nbanana\npear")
    }

    func testJoinDropsTheNextLinesIndentationAndLeavesTheCaretWhereTheyMet() throws {
        let (joined, anchor, caret) = try XCTUnwrap(run(.join, "if x:  \n    return y\nz", anchor: 2, caret: 2))
        XCTAssertEqual(joined, "if x: return y\nz")
        XCTAssertEqual(anchor, 5)
        XCTAssertEqual(caret, 5)
        let (all, _, _) = try XCTUnwrap(run(.join, "a\n\n  b\nc\nd", anchor: 0, caret: 8))
        XCTAssertEqual(all, "a b c\nd", "the empty line goes, the last line taken is the one the selection ends in")
        XCTAssertNil(run(.join, "one\ntwo", anchor: 5, caret: 5), "the last line has nothing after it to join")
    }

    func testDuplicateCopiesTheCaretsLineBelowOrTheSelectionAfterItself() throws {
        let (lines, anchor, caret) = try XCTUnwrap(run(.duplicate, "one\r\ntwo\r\n", anchor: 1, caret: 1))
        XCTAssertEqual(lines, "one\r\none\r\ntwo\r\n", "the line's own break")
        XCTAssertEqual([anchor, caret], [6, 6], "the caret on the copy, at the same column")
        let (last, _, _) = try XCTUnwrap(run(.duplicate, "a\nlast", anchor: 4, caret: 4, newline: "\r\n"))
        XCTAssertEqual(last, "a\nlast\r\nlast", "the last line, which has no break, gets the document's")
        let (piece, pieceAnchor, pieceCaret) = try XCTUnwrap(run(.duplicate, "abcd", anchor: 1, caret: 3))
        XCTAssertEqual(piece, "abcbcd")
        XCTAssertEqual([pieceAnchor, pieceCaret], [3, 5], "the copy is selected")
    }

    func testMovingLinesCarriesTheSelectionAndStopsAtTheEdges() throws {
        let text = "1\n2\n3\n4"
        let (up, anchor, caret) = try XCTUnwrap(run(.move(up: true), text, anchor: 4, caret: 5))
        XCTAssertEqual(up, "1\n3\n2\n4")
        XCTAssertEqual([anchor, caret], [2, 3], "still on \"3\"")
        let (down, _, downCaret) = try XCTUnwrap(run(.move(up: false), text, anchor: 2, caret: 5))
        XCTAssertEqual(down, "1\n4\n2\n3", "two lines move below the next")
        XCTAssertEqual(downCaret, 7)
        XCTAssertNil(run(.move(up: true), text, anchor: 0, caret: 0))
        XCTAssertNil(run(.move(up: false), text, anchor: 6, caret: 7))
    }

    /// The empty line after a final break the view hides is not the user's: the last line shown
    /// is not joined with it nor moved below it.
    func testTheLineAfterAHiddenFinalBreakIsLeftAlone() throws {
        let storage = TextStorage("a\nb\n")
        XCTAssertNil(LineCommand.join.change(anchor: 2, caret: 2, in: storage, lastLine: 1))
        XCTAssertNil(LineCommand.move(up: false).change(anchor: 2, caret: 2, in: storage, lastLine: 1))
        XCTAssertNotNil(LineCommand.join.change(anchor: 2, caret: 2, in: storage), "shown, it is a line like any")
    }

    func testChangeCaseKeepsTheSelectionOverTheTextEvenWhenItGrows() throws {
        let (upper, anchor, caret) = try XCTUnwrap(run(.changeCase(.upper), "x straße y", anchor: 9, caret: 2))
        XCTAssertEqual(upper, "x STRASSE y")
        XCTAssertEqual([anchor, caret], [10, 2], "the selection grew by the extra S, its direction kept")
        XCTAssertEqual(try XCTUnwrap(run(.changeCase(.title), "it's a WORLD-class day", anchor: 0, caret: 22)).0, "It's A World-Class Day")
        XCTAssertEqual(try XCTUnwrap(run(.changeCase(.toggle), "Hello É", anchor: 0, caret: 7)).0, "hELLO é")
        XCTAssertNil(run(.changeCase(.upper), "abc", anchor: 1, caret: 1), "nothing selected")
    }

    func testToggleCommentAtTheLeastIndentationAndBackAgain() throws {
        let python = LineCommand.toggleComment(CommentSyntax(lineStart: "#"))
        let text = "def f():\n    x = 1\n\n    return x\n"
        let (commented, anchor, caret) = try XCTUnwrap(run(python, text, anchor: 13, caret: 30))
        XCTAssertEqual(commented, "def f():\n    # x = 1\n\n    # return x\n", "blank lines stay as they are")
        let (back, _, _) = try XCTUnwrap(run(python, commented, anchor: anchor, caret: caret))
        XCTAssertEqual(back, text)
        let mixed = "# a\nb\n"
        XCTAssertEqual(try XCTUnwrap(run(python, mixed, anchor: 0, caret: 5)).0, "# # a\n# b\n", "not all comments: all commented")
    }

    func testALanguageWithOnlyBlockCommentsWrapsTheLines() throws {
        let css = LineCommand.toggleComment(CommentSyntax(lineStart: nil, blockStart: "/*", blockEnd: "*/"))
        let (wrapped, anchor, caret) = try XCTUnwrap(run(css, "a {\n  b: c;\n}", anchor: 0, caret: 13))
        XCTAssertEqual(wrapped, "/* a {\n  b: c;\n} */")
        XCTAssertEqual(try XCTUnwrap(run(css, wrapped, anchor: anchor, caret: caret)).0, "a {\n  b: c;\n}")
        XCTAssertNil(run(.toggleComment(CommentSyntax(lineStart: nil)), "text", anchor: 0, caret: 4), "plain text has no comments")
    }

    /// A sort of 100,000 lines is one edit, and the lines after it are the lines before it, sorted.
    func testSortingManyLinesIsOneEditOfTheSameLines() throws {
        let lines = (0..<100_000).map { "line \(($0 * 7_919) % 100_000)" }
        let (sorted, _, _) = try XCTUnwrap(run(plain, lines.joined(separator: "\n") + "\n", anchor: 0, caret: 0))
        XCTAssertEqual(sorted, lines.sorted().joined(separator: "\n") + "\n")
    }
}
