import TestSupport
import XCTest
@testable import Documents

/// The line diff and the edits made of it, checked against applying them, on random texts.
final class LineDiffTests: XCTestCase {
    private static let lines = ["a\n", "b\n", "c\n", "é\n", "e\u{301}\n", "\n", "x", "long line of text\n"]

    private func randomText(_ random: inout SplitMix64, lines count: Int) -> [String] {
        (0..<count).map { _ in Self.lines[Int(random.next() % UInt64(Self.lines.count))] }
    }

    func testHunksTurnOneListIntoTheOtherAndKeepWhatIsEqual() {
        var random = SplitMix64(testSeed: 31)
        for _ in 0..<3_000 {
            let old = randomText(&random, lines: Int(random.next() % 15))
            var new = old
            for _ in 0..<Int(random.next() % 4) {
                let at = Int(random.next() % UInt64(new.count + 1))
                let cut = min(new.count - at, Int(random.next() % 3))
                new.replaceSubrange(at..<(at + cut), with: randomText(&random, lines: Int(random.next() % 3)))
            }
            guard let hunks = LineDiff.hunks(from: old, to: new) else { return XCTFail("within the limit") }
            var rebuilt: [String] = [], position = 0
            for hunk in hunks {
                XCTAssertGreaterThanOrEqual(hunk.old.lowerBound, position, "hunks in order")
                XCTAssertFalse(hunk.old.isEmpty && hunk.new.isEmpty)
                rebuilt += old[position..<hunk.old.lowerBound]
                rebuilt += new[hunk.new]
                position = hunk.old.upperBound
            }
            rebuilt += old[position...]
            XCTAssertEqual(rebuilt, new, "\(old) → \(new)")
        }
    }

    func testTheDiffGivesUpPastItsLimit() {
        let old = (0..<50).map { "old \($0)\n" }, new = (0..<50).map { "new \($0)\n" }
        XCTAssertNil(LineDiff.hunks(from: old, to: new, maximumDifferences: 20))
        XCTAssertEqual(LineDiff.hunks(from: old, to: new)?.count, 1)
    }

    /// The edits of a change, applied one after another as views do, give the new text byte for
    /// byte ("é" composed and decomposed are different lines), and touch only what changed.
    func testTextChangeEditsGiveTheNewTextExactly() {
        var random = SplitMix64(testSeed: 37)
        for _ in 0..<1_000 {
            let old = randomText(&random, lines: Int(random.next() % 12)).joined()
            var lines = TextChange.lines(of: old).map { String($0.text) }
            if !lines.isEmpty { lines[Int(random.next() % UInt64(lines.count))] = Self.lines[Int(random.next() % UInt64(Self.lines.count))] }
            if random.next() % 2 == 0 { lines.append("appended\n") }
            let new = lines.joined()
            guard let change = TextChange(from: TextStorage(old), to: new) else {
                XCTAssertTrue(old.utf8.elementsEqual(new.utf8))
                continue
            }
            var scalars = Array(old.unicodeScalars)
            for edit in change.edits { scalars.replaceSubrange(edit.range, with: Array(edit.replacement.unicodeScalars)) }
            XCTAssertTrue(String(String.UnicodeScalarView(scalars)).utf8.elementsEqual(new.utf8))
            XCTAssertTrue(change.storage.string.utf8.elementsEqual(new.utf8))
        }
        let change = TextChange(from: TextStorage("one\ntwo\nthree\nfour\n"), to: "ONE\ntwo\nthree\nfour!\n")
        XCTAssertEqual(change?.edits, [Edit(range: 18..<18, replacement: "!"), Edit(range: 0..<3, replacement: "ONE")])
    }

    /// Old lines kept whole inside a hunk's new ones are two insertions around them.
    func testLinesKeptWholeInsideTheNewOnesAreInsertionsAroundThem() throws {
        let change = try XCTUnwrap(TextChange(from: TextStorage("a\nonly line\nz\n"), to: "a\ngamma only line\nüber\nz\n"))
        XCTAssertEqual(change.edits, [.insert("über\n", at: 12), .insert("gamma ", at: 2)])
        XCTAssertEqual(change.storage.string, "a\ngamma only line\nüber\nz\n")
    }
}
