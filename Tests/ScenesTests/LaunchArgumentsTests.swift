import XCTest
@testable import Scenes

final class LaunchArgumentsTests: XCTestCase {
    private func parse(_ args: [String?], existing: Set<String> = []) -> LaunchArguments {
        LaunchArguments.parse(args, workingDirectory: "/home/u/work", exists: { existing.contains($0) })
    }

    func testPlainAndPositionedFiles() {
        let r = parse(["a.txt", "b.txt:12", "c.txt:12:4", "/abs/d.txt"])
        XCTAssertEqual(r.files, [
            OpenFileContext(path: "/home/u/work/a.txt"),
            OpenFileContext(path: "/home/u/work/b.txt", line: 12),
            OpenFileContext(path: "/home/u/work/c.txt", line: 12, column: 4),
            OpenFileContext(path: "/abs/d.txt"),
        ])
        XCTAssertEqual(r.problems, [])
    }

    func testGeditPlusSyntaxAppliesToNextFileOnly() {
        let r = parse(["+7", "a.txt", "b.txt", "+3:9", "c.txt"])
        XCTAssertEqual(r.files.map(\.line), [7, nil, 3])
        XCTAssertEqual(r.files.map(\.column), [nil, nil, 9])
    }

    func testRealNameEndingInColonNumberWins() {
        let r = parse(["notes:3", "log:1:2"], existing: ["/home/u/work/notes:3"])
        XCTAssertEqual(r.files[0], OpenFileContext(path: "/home/u/work/notes:3"))
        XCTAssertEqual(r.files[1], OpenFileContext(path: "/home/u/work/log", line: 1, column: 2))
    }

    func testRelativePathsNormalizeAgainstTheLaunchersFolder() {
        XCTAssertEqual(parse(["../x/./y.txt"]).files[0].path, "/home/u/x/y.txt")
        XCTAssertEqual(parse(["./"]).files[0].path, "/home/u/work")
    }

    func testADashIsTheStandardInputUnlessAfterTheSeparator() {
        let r = parse(["-", "a.txt"])
        XCTAssertTrue(r.readsStandardInput)
        XCTAssertEqual(r.files.map(\.path), ["/home/u/work/a.txt"], "no file named -")
        let after = parse(["--", "-"])
        XCTAssertFalse(after.readsStandardInput)
        XCTAssertEqual(after.files.map(\.path), ["/home/u/work/-"], "after --, a file named -")
        XCTAssertFalse(parse(["a.txt"]).readsStandardInput)
    }

    func testOddArguments() {
        let r = parse([nil, "--", "--", "+5"])
        XCTAssertEqual(r.files.map(\.path), ["/home/u/work/--"], "only the first -- is a separator")
        XCTAssertEqual(r.problems.count, 2, "invalid UTF-8 and a dangling +LINE are reported")
        XCTAssertEqual(parse(["a:0:0"]).files[0].line, 1, "line 0 means the first line")
        XCTAssertEqual(parse([":5"]).files[0].path, "/home/u/work/:5", "no base name: the whole argument is the name")
        XCTAssertEqual(parse(["a:x"]).files[0].path, "/home/u/work/a:x")
        XCTAssertEqual(parse(["+abc"]).files[0].path, "/home/u/work/+abc", "+ followed by no number is a file name")
        XCTAssertEqual(parse(["big:99999999999999999999"]).files[0].path, "/home/u/work/big:99999999999999999999")
    }

    func testFileURIsFromDesktopLaunchers() {
        let r = parse(["file:///tmp/with%20space.txt", "file://"])
        XCTAssertEqual(r.files.map(\.path), ["/tmp/with space.txt"])
        XCTAssertEqual(r.problems.count, 1)
    }

    /// Addresses on servers open through GIO as they are given, a `:LINE[:COL]` after them a
    /// position; a scheme the system has no backend for is said, naming it.
    func testServerAddressesOpenThroughGIOWithTheirPositions() {
        let reaches = { (uri: String) in uri.hasPrefix("sftp:") || uri.hasPrefix("smb:") }
        let r = LaunchArguments.parse(["sftp://me@host:2222/srv/notes.txt:12:4", "smb://nas/share/a%20b.txt", "+3", "sftp://host/x.txt",
                                       "gopher://old/x.txt", "sftp://host:22"],
                                      workingDirectory: "/home/u/work", exists: { _ in false }, reaches: reaches)
        XCTAssertEqual(r.files, [OpenFileContext(path: "sftp://me@host:2222/srv/notes.txt", line: 12, column: 4),
                                 OpenFileContext(path: "smb://nas/share/a%20b.txt"),
                                 OpenFileContext(path: "sftp://host/x.txt", line: 3),
                                 OpenFileContext(path: "sftp://host:22")],
                       "a port is not a line: the server's root opens (and says it is a folder)")
        XCTAssertEqual(r.problems.count, 1)
        XCTAssertTrue(r.problems[0].contains("gopher"), r.problems[0])
    }
}
