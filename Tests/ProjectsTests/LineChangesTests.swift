import Foundation
import TestSupport
import XCTest
@testable import Projects

/// The gutter's marks: lines added, changed and deleted against git's index, as `git diff`
/// sees them, and the way from one change to the next.
final class LineChangesTests: XCTestCase {
    private func changes(_ base: String, _ text: String) -> [Int: LineChange] {
        LineChanges(base: Array(base.utf8), text: Array(text.utf8)).marks
    }

    func testAddedChangedAndDeletedLinesAreMarked() {
        let base = "one\ntwo\nthree\nfour\nfive\n"
        XCTAssertEqual(changes(base, base), [:])
        XCTAssertEqual(changes(base, "one\ntwo\nnew\nthree\nfour\nfive\n"), [2: .added])
        XCTAssertEqual(changes(base, "one\nTWO\nthree\nfour\nfive\n"), [1: .changed])
        XCTAssertEqual(changes(base, "one\nfour\nfive\n"), [0: .deletedBelow])
        XCTAssertEqual(changes(base, "two\nthree\nfour\nfive\n"), [0: .deletedBelow], "deleted at the top: marked on the first line")
        XCTAssertEqual(changes(base, "one\ntwo\nthree\nfour\nfive\nsix\nseven\n"), [5: .added, 6: .added])
        XCTAssertEqual(changes("", "a\nb\n"), [0: .added, 1: .added], "a new file is all added")
    }

    func testNextAndPreviousGoFromChangeToChangeAndRoundTheEnds() {
        let marks = LineChanges(marks: [2: .added, 3: .added, 7: .changed, 10: .deletedBelow])
        XCTAssertEqual(marks.next(after: 0), 2)
        XCTAssertEqual(marks.next(after: 2), 7, "the rest of a run is not a change of its own")
        XCTAssertEqual(marks.next(after: 10), 2, "round to the top")
        XCTAssertEqual(marks.previous(before: 9), 7)
        XCTAssertEqual(marks.previous(before: 3), 10, "from inside the first run, round to the bottom")
        XCTAssertEqual(marks.previous(before: 7), 2)
        XCTAssertNil(LineChanges(marks: [:]).next(after: 0))
    }

    func testTheIndexVersionIsWhatGitStagedNotWhatTheDiskHolds() throws {
        let temporary = try TemporaryFolder("git-index")
        let root = temporary.path + "/repo"
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["-C", root, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
        }
        try "staged\n".write(toFile: root + "/src/a.txt", atomically: false, encoding: .utf8)
        try git("init", "-q")
        try git("add", "src/a.txt")
        try "edited since\n".write(toFile: root + "/src/a.txt", atomically: false, encoding: .utf8)
        try "new\n".write(toFile: root + "/untracked.txt", atomically: false, encoding: .utf8)
        XCTAssertEqual(GitIndexVersion.bytes(of: root + "/src/a.txt"), Array("staged\n".utf8))
        XCTAssertNil(GitIndexVersion.bytes(of: root + "/untracked.txt"), "git does not track it: no marks")
        XCTAssertNil(GitIndexVersion.bytes(of: root + "/src/a.txt", largest: 6), "a version over the limit is not read")
        XCTAssertEqual(GitIndexVersion.read(root + "/src/a.txt", largest: 6)?.indexFile.hasSuffix("/.git/index"), true,
                       "but its index is still followed")
        XCTAssertEqual(GitIndexVersion.bytes(of: root + "/src/a.txt", largest: 7), Array("staged\n".utf8))
        try "elsewhere\n".write(toFile: temporary.path + "/outside.txt", atomically: false, encoding: .utf8)
        XCTAssertNil(GitIndexVersion.bytes(of: temporary.path + "/outside.txt"), "outside a working tree")
        try git("add", "src/a.txt")
        XCTAssertEqual(GitIndexVersion.bytes(of: root + "/src/a.txt"), Array("edited since\n".utf8), "the index read afresh")

        try "build/\n*.log\n".write(toFile: root + "/.gitignore", atomically: false, encoding: .utf8)
        try "*.tmp\n".write(toFile: root + "/src/.gitignore", atomically: false, encoding: .utf8)
        XCTAssertEqual(GitIgnoredNames.ignored(in: root, [("build", true), ("a.log", false), ("src", true), ("build.txt", false)]),
                       ["build", "a.log"], "as git status decides: a folder pattern names folders only")
        XCTAssertEqual(GitIgnoredNames.ignored(in: root + "/src", [("x.tmp", false), ("a.txt", false), ("b.log", false)]),
                       ["x.tmp", "b.log"], "a folder's own .gitignore, and the top's")
        XCTAssertEqual(GitIgnoredNames.ignored(in: temporary.path, [("outside.txt", false)]), [], "nothing outside a working tree")
    }
}
