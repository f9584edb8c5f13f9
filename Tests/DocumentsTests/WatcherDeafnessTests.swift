import Foundation
import TestSupport
import XCTest
@testable import Documents

/// The watcher never goes deaf (issue 50): a folder that goes away and comes back (a branch
/// switch), and an overflow of inotify's queue, leave every open file watched.
final class WatcherDeafnessTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("watcher-deafness") }

    /// `git checkout` of a branch without `sub/`, then back: the file is back, and a later change
    /// to it is followed.
    func testAFolderThatGoesAndComesBackIsWatchedAgain() throws {
        let sub = temporary.path + "/repo/sub", path = sub + "/a.txt"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            try FileManager.default.removeItem(atPath: sub)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.isDeletedOnDisk })
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { !document.isDeletedOnDisk }, "the file is back")
            XCTAssertFalse(document.isDirty, "with the text the document has")
            try "alpha\nbeta\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "alpha\nbeta\n" }, "a later change is followed")
        }
    }

    /// A folder that does not exist yet when the file is watched (`tandem new/notes.txt`): once
    /// it and the file appear, the document knows.
    func testAFolderMadeAfterTheWatchBeganIsWatched() throws {
        let folder = temporary.path, path = folder + "/later/deeper/n.txt"
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine\n", at: 0), to: document)
            try FileManager.default.createDirectory(atPath: folder + "/later/deeper", withIntermediateDirectories: true)
            try "theirs\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange }, "the new file is asked about")
        }
    }

    /// Past inotify's queue (16,384 events by default) events are dropped; the overflow makes
    /// every watched file be looked at again, so a change lost in it is still followed.
    func testAChangeLostInAnOverflowIsStillFollowed() throws {
        let folder = temporary.path, path = temporary.file("o.txt")
        try "before\n".write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            let limit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16_384
            // Events the main loop does not read meanwhile: each creation is one, in the watched folder.
            for index in 0..<(limit + 100) { FileManager.default.createFile(atPath: folder + "/f\(index)", contents: nil) }
            try "after\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "after\n" })
        }
    }
}
