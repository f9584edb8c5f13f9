import TestSupport
import XCTest
@testable import Documents

/// The three-way merge: examples, then random edits on both sides of a base.
final class ThreeWayMergeTests: XCTestCase {
    private func merge(_ base: String, _ mine: String, _ theirs: String) -> ThreeWayMerge {
        ThreeWayMerge(base: base, mine: mine, theirs: theirs)
    }

    private func scalars(_ text: String, _ range: Range<Int>) -> String {
        let s = Array(text.unicodeScalars)
        return String(String.UnicodeScalarView(s[range]))
    }

    func testChangesToDifferentLinesAreBothKept() {
        let merged = merge("one\ntwo\nthree\nfour\n", "ONE\ntwo\nthree\nfour\n", "one\ntwo\nthree\nFOUR\n")
        XCTAssertEqual(merged.text, "ONE\ntwo\nthree\nFOUR\n")
        XCTAssertEqual(merged.conflicts, [])
    }

    func testTheSameChangeOnBothSidesIsTakenOnce() {
        let merged = merge("a\nb\nc\n", "a\nB\nc\n", "a\nB\nc\n")
        XCTAssertEqual(merged.text, "a\nB\nc\n")
        XCTAssertEqual(merged.conflicts, [])
    }

    func testOneLineChangedTwoWaysKeepsBothMineFirst() {
        let merged = merge("a\nb\nc\n", "a\nmine é\nc\n", "a\ntheirs\nc\n")
        XCTAssertEqual(merged.text, "a\nmine é\ntheirs\nc\n")
        XCTAssertEqual(merged.conflicts.count, 1)
        let conflict = merged.conflicts[0]
        XCTAssertEqual(scalars(merged.text, conflict.mine), "mine é\n")
        XCTAssertEqual(scalars(merged.text, conflict.theirs), "theirs\n")
    }

    /// A line that repeats the one changed is not taken for an insertion, an unchanged line and a
    /// deletion (Myers' pairing): each side changed one line, so the conflict is that line alone
    /// and the repeated line is kept once.
    func testAChangedLineBeforeItsRepeatIsOneChange() {
        let merged = ThreeWayMerge(base: "zeta9\nzeta9\n zeta9\n  ça\n",
                                   mine: " alphazeta9\nzeta9\n zeta9\n  ça zeta9\n",
                                   theirs: "beta zeta9\nzeta9\n zeta9\n  ça\n")
        XCTAssertEqual(merged.text, " alphazeta9\nbeta zeta9\nzeta9\n zeta9\n  ça zeta9\n")
        XCTAssertEqual(merged.conflicts.count, 1)
        XCTAssertEqual(LineDiff.hunks(from: ["z", "z", "s"], to: ["a", "z", "s"]), [LineDiff.Hunk(old: 0..<1, new: 0..<1)])
    }

    func testChangesOnNeighbouringLinesConflict() {
        let merged = merge("a\nb\nc\nd\n", "a\nB\nc\nd\n", "a\nb\nC\nd\n")
        XCTAssertEqual(merged.conflicts.count, 1, "lines side by side are not merged blind")
        XCTAssertEqual(merged.text, "a\nB\nc\nb\nC\nd\n")
    }

    func testALastLineWithoutNewlineStaysALineOfItsOwn() {
        let merged = merge("a\nb", "a\nmine", "a\ntheirs")
        XCTAssertEqual(merged.text, "a\nmine\ntheirs")
        XCTAssertEqual(scalars(merged.text, merged.conflicts[0].mine), "mine", "the newline between is neither side's")
        XCTAssertEqual(scalars(merged.text, merged.conflicts[0].theirs), "theirs")
    }

    func testADeletionAgainstAnEditKeepsTheEdit() {
        let merged = merge("a\nb\nc\n", "a\nc\n", "a\nbee\nc\n")
        XCTAssertEqual(merged.text, "a\nbee\nc\n", "the deleted side is empty, the edited side is shown")
        XCTAssertEqual(merged.conflicts.count, 1)
        XCTAssertTrue(merged.conflicts[0].mine.isEmpty)
    }

    func testInsertionsAtTheSamePlaceConflictAndEmptyTextsMerge() {
        XCTAssertEqual(merge("a\n", "a\nx\n", "a\ny\n").text, "a\nx\ny\n")
        XCTAssertEqual(merge("a\n", "a\nx\n", "a\ny\n").conflicts.count, 1)
        XCTAssertEqual(merge("", "", "").text, "")
        XCTAssertEqual(merge("", "mine\n", "").text, "mine\n")
        XCTAssertEqual(merge("base\n", "", "base\n").text, "")
    }

    func testAConflictFollowsEditsAroundAndInsideIt() {
        let conflict = MergeConflict(mine: 10..<15, theirs: 15..<20)
        XCTAssertEqual(conflict.following(.insert("ab", at: 2)), MergeConflict(mine: 12..<17, theirs: 17..<22))
        XCTAssertEqual(conflict.following(.insert("ab", at: 20)), conflict, "typed right after it")
        XCTAssertEqual(conflict.following(.delete(11..<13)), MergeConflict(mine: 10..<13, theirs: 13..<18))
        XCTAssertEqual(conflict.following(.insert("x", at: 15)), MergeConflict(mine: 10..<16, theirs: 16..<21))
        XCTAssertEqual(conflict.following(.delete(16..<20)), MergeConflict(mine: 10..<15, theirs: 15..<16))
        XCTAssertNil(conflict.following(.delete(12..<18)), "across both sides: settled by hand")
        XCTAssertNil(conflict.following(.delete(0..<30)))
    }

    // MARK: Random edits on both sides

    /// Base lines are all different, and so is every line an edit brings: the line diff then finds
    /// exactly the edits made, and what the merge must give is known.
    private struct Trial {
        var base: [String]
        var mine: [String]
        var theirs: [String]
        /// Base regions each side replaced, with what it put there.
        var mineEdits: [(Range<Int>, [String])]
        var theirEdits: [(Range<Int>, [String])]
    }

    private static func applying(_ edits: [(Range<Int>, [String])], to base: [String]) -> [String] {
        var lines = base
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            lines.replaceSubrange(range, with: replacement)
        }
        return lines
    }

    /// Cuts the base into regions separated by at least one line no side touches, and gives each
    /// region to mine, to theirs, or (when `overlapping`) to both.
    private func trial(_ random: inout SplitMix64, overlapping: Bool) -> Trial {
        let count = 2 + Int(random.next() % 30)
        let base = (0..<count).map { "base \($0) " + (random.next() % 5 == 0 ? "ü\u{1F600}" : "") }
        var mineEdits: [(Range<Int>, [String])] = [], theirEdits: [(Range<Int>, [String])] = []
        var fresh = 0
        func lines(_ who: String) -> [String] {
            (0..<Int(random.next() % 3)).map { _ in fresh += 1; return "\(who) \(fresh)" }
        }
        var at = Int(random.next() % 3)
        while at < count {
            let length = min(count - at, Int(random.next() % 3))
            let range = at..<(at + length)
            switch random.next() % (overlapping ? 3 : 2) {
            case 0: mineEdits.append((range, lines("mine")))
            case 1: theirEdits.append((range, lines("theirs")))
            default:
                mineEdits.append((range, lines("mine")))
                theirEdits.append((range, lines("theirs")))
            }
            at += length + 1 + Int(random.next() % 3)
        }
        // An edit that changes nothing is no edit.
        mineEdits.removeAll { $0.0.isEmpty && $0.1.isEmpty }
        theirEdits.removeAll { $0.0.isEmpty && $0.1.isEmpty }
        return Trial(base: base, mine: Self.applying(mineEdits, to: base), theirs: Self.applying(theirEdits, to: base),
                     mineEdits: mineEdits, theirEdits: theirEdits)
    }

    private func text(_ lines: [String], endsWithNewline: Bool) -> String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    func testChangesThatDoNotOverlapAlwaysMergeToBothApplied() {
        var random = SplitMix64(testSeed: 2027)
        for _ in 0..<3_000 {
            let trial = trial(&random, overlapping: false)
            let expected = Self.applying(trial.mineEdits + trial.theirEdits, to: trial.base)
            let merged = merge(text(trial.base, endsWithNewline: true), text(trial.mine, endsWithNewline: true),
                               text(trial.theirs, endsWithNewline: true))
            XCTAssertEqual(merged.conflicts, [], "\(trial.base) / \(trial.mine) / \(trial.theirs)")
            XCTAssertEqual(merged.text, text(expected, endsWithNewline: true))
        }
    }

    func testChangesThatOverlapAreAlwaysMarkedNeverChosen() {
        var random = SplitMix64(testSeed: 77)
        var conflictsSeen = 0
        for _ in 0..<3_000 {
            let trial = trial(&random, overlapping: true)
            let newline = random.next() % 4 != 0
            let merged = merge(text(trial.base, endsWithNewline: newline), text(trial.mine, endsWithNewline: newline),
                               text(trial.theirs, endsWithNewline: newline))
            let mergedLines = merged.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // Nothing either side wrote is lost: every line it brought is in the merge.
            for line in trial.mineEdits.flatMap(\.1) + trial.theirEdits.flatMap(\.1) {
                XCTAssertTrue(mergedLines.contains(line), "\(line) kept in \(merged.text)")
            }
            // Where both sides edited the same base lines differently, a conflict holds each side's lines.
            let theirsByRange = Dictionary(trial.theirEdits.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
            for (range, mine) in trial.mineEdits {
                guard let theirs = theirsByRange[range], mine != theirs else { continue }
                let found = merged.conflicts.contains { conflict in
                    let minePart = scalars(merged.text, conflict.mine), theirPart = scalars(merged.text, conflict.theirs)
                    return mine.allSatisfy { minePart.contains($0) } && theirs.allSatisfy { theirPart.contains($0) }
                }
                XCTAssertTrue(found, "both sides of \(range) marked in \(merged.text) \(merged.conflicts)")
            }
            // The conflicts are in order, inside the text, and each side is whole lines.
            var end = 0
            let total = merged.text.unicodeScalars.count
            for conflict in merged.conflicts {
                XCTAssertGreaterThanOrEqual(conflict.mine.lowerBound, end)
                XCTAssertTrue(conflict.theirs.lowerBound - conflict.mine.upperBound <= 1, "theirs right after mine")
                XCTAssertLessThanOrEqual(conflict.theirs.upperBound, total)
                XCTAssertFalse(conflict.range.isEmpty)
                end = conflict.theirs.upperBound
                if conflict.theirs.upperBound < total { XCTAssertTrue(scalars(merged.text, conflict.range).hasSuffix("\n"), "whole lines") }
            }
            conflictsSeen += merged.conflicts.count
            // Choosing mine everywhere gives mine wherever theirs did not change alone.
            if trial.theirEdits.allSatisfy({ edit in trial.mineEdits.contains { $0.0 == edit.0 } }) {
                var chosen = Array(merged.text.unicodeScalars)
                for conflict in merged.conflicts.reversed() { chosen.removeSubrange(conflict.mine.upperBound..<conflict.theirs.upperBound) }
                XCTAssertEqual(String(String.UnicodeScalarView(chosen)), text(trial.mine, endsWithNewline: newline),
                               "\(trial.base) / \(trial.mine) / \(trial.theirs)")
            }
        }
        XCTAssertGreaterThan(conflictsSeen, 1_000, "the trials overlap often")
    }
}
