import Foundation
import TestSupport
import XCTest
@testable import Projects

/// A project's files: git's list in a working tree (what .gitignore leaves out is not there, what
/// is new but not ignored is), a walk without hidden files elsewhere.
final class ProjectListingTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("project-listing") }

    private func make(_ files: [String], in root: String) throws {
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "x\n".write(toFile: path, atomically: false, encoding: .utf8)
        }
    }

    private func git(_ arguments: String..., in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", folder] + arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    }

    func testAWorkingTreeListsWhatGitTracksAndWouldAddNotWhatItIgnores() throws {
        let root = temporary.path + "/repo"
        try make(["src/main.c", "README.md", "build/out.o", ".gitignore", "new.txt", "gone.txt"], in: root)
        try "build/\n".write(toFile: root + "/.gitignore", atomically: false, encoding: .utf8)
        try git("init", "-q", in: root)
        try git("add", "src/main.c", "README.md", ".gitignore", "gone.txt", in: root)
        try FileManager.default.removeItem(atPath: root + "/gone.txt")
        XCTAssertEqual(Set(ProjectListing.paths(of: root)), [".gitignore", "README.md", "src/main.c", "new.txt"])
    }

    func testAPlainFolderIsWalkedWithoutItsHiddenFiles() throws {
        let root = temporary.path + "/plain"
        try make(["a.txt", "sub/b.txt", "sub/deeper/c.txt", ".hidden", ".cache/d.txt"], in: root)
        XCTAssertEqual(ProjectListing.paths(of: root), ["a.txt", "sub/b.txt", "sub/deeper/c.txt"])
        XCTAssertEqual(ProjectListing.paths(of: root, limit: 2).count, 2, "at most the limit")
    }

    func testAListingComesInBatchesAndStopsWhenAsked() throws {
        let root = temporary.path + "/many"
        try make((0..<1000).map { "f\($0).txt" }, in: root)
        var batches = 0, paths = 0
        ProjectListing.list(root) { batch in
            batches += 1
            paths += batch.count
            return batches < 2
        }
        XCTAssertEqual(batches, 2)
        XCTAssertEqual(paths, 2 * ProjectListing.batchSize, "nothing after it was told to stop")
        try git("init", "-q", in: root)
        var fromGit: [String] = []
        XCTAssertTrue(ProjectListing.list(root) { fromGit += $0; return true })
        XCTAssertEqual(fromGit.count, 1000)
    }
}
