import Foundation
import TestSupport
import XCTest
@testable import Documents

/// The watcher never goes deaf: a folder that goes away and comes back (a branch
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

    /// A folder held open when it goes (Tandem's own working directory when it was started inside
    /// it, a shell's, an open descriptor) sends no "folder deleted" event until the last holder
    /// lets go: its watch stays on the dead folder, and the folder made again in its place was
    /// never watched (found by the random user). Its files going is the sign to look at it.
    func testAFolderHeldOpenThatGoesAndComesBackIsWatchedAgain() throws {
        let sub = temporary.path + "/repo/sub", path = sub + "/a.txt"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
        let holder = open(sub, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(holder, 0)
        defer { close(holder) }
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            try FileManager.default.removeItem(atPath: sub)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.isDeletedOnDisk })
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { !document.isDeletedOnDisk }, "the file is back")
            XCTAssertFalse(document.isDirty)
            try "alpha\nbeta\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "alpha\nbeta\n" }, "a later change is followed")
        }
    }

    /// The files of a held-open folder go first and the folder a moment later (`rm -r`, a branch
    /// switch): when the watcher reads the files' going, the folder is still there. It is
    /// looked at again once the burst is reported.
    func testAHeldOpenFolderThatGoesAfterItsFilesIsWatchedAgain() throws {
        let sub = temporary.path + "/repo/sub", path = sub + "/a.txt"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
        let holder = open(sub, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(holder, 0)
        defer { close(holder) }
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            XCTAssertEqual(unlink(path), 0)
            store.pollDiskChanges()  // the file's going is read while its folder is still there
            XCTAssertEqual(rmdir(sub), 0)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.isDeletedOnDisk })
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { !document.isDeletedOnDisk }, "the file is back")
            try "alpha\nbeta\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "alpha\nbeta\n" }, "a later change is followed")
        }
    }

    /// A window that gets the focus looks at its file: a held-open folder that went after the
    /// watcher last looked is then found gone, and watched through an ancestor.
    func testALookAtAMissingFileFindsItsHeldOpenFolderGone() throws {
        let sub = temporary.path + "/repo/sub", path = sub + "/a.txt"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
        let holder = open(sub, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(holder, 0)
        defer { close(holder) }
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            XCTAssertEqual(unlink(path), 0)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.isDeletedOnDisk })
            XCTAssertEqual(rmdir(sub), 0)  // long after the burst: no event, and none looked
            store.lookAgain(at: document)
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { !document.isDeletedOnDisk }, "the file is back")
        }
    }

    /// The same with unsaved edits: the file that comes back is the very version the document
    /// knew, so nothing is asked, Save writes without a question, and undo reaches the file's
    /// text as clean (before, the window asked about a change it never had, and Save offered
    /// Overwrite).
    func testAFileBackAsTheVersionKnownAfterABranchSwitchAsksNothing() throws {
        let sub = temporary.path + "/repo/sub", path = sub + "/a.txt"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try FileManager.default.removeItem(atPath: sub)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.isDeletedOnDisk })
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { !document.isDeletedOnDisk }, "the file is back")
            XCTAssertFalse(document.hasUnseenDiskChange, "nothing to ask: the file is the version known")
            XCTAssertFalse(store.hasDiskConflict(document), "Save writes without a question")
            XCTAssertTrue(document.isDirty)
            store.undo(document)
            XCTAssertEqual(document.text, "alpha\n")
            XCTAssertFalse(document.isDirty, "undo reaches the file's text, which is the file's again")
        }
    }

    /// After a Merge that left the document modified, a
    /// branch switch and back brings the very version the merge took in. Nothing is asked, Save
    /// writes without a question, and a later change merges against that version (before, the
    /// deletion forgot it: the window asked about a change it had seen, and Save offered Overwrite).
    func testAFileBackAsTheVersionAMergeTookInAsksNothing() throws {
        let sub = temporary.path + "/repo/sub", path = sub + "/m.txt"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try "one\ntwo\n".write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try "one\ntwo\nthree\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            XCTAssertEqual(try store.mergeWithDiskWaited(document), 0)
            XCTAssertTrue(document.isDirty)
            try FileManager.default.removeItem(atPath: sub)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.isDeletedOnDisk })
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try "one\ntwo\nthree\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { !document.isDeletedOnDisk }, "the file is back")
            XCTAssertFalse(document.hasUnseenDiskChange, "nothing to ask: the file is the version the merge took in")
            XCTAssertFalse(store.hasDiskConflict(document), "Save writes without a question")
            XCTAssertTrue(document.isDirty)
            XCTAssertEqual(document.file.base?.string, "one\ntwo\nthree\n", "the next merge's base")
            try "one\ntwo\nthree\nfour\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            XCTAssertEqual(try store.mergeWithDiskWaited(document), 0)
            XCTAssertEqual(document.text, "mine one\ntwo\nthree\nfour\n")
        }
    }

    /// A branch switch that removes the file and brings back another text of it: a document clean
    /// before is followed (the other program's edits, the user's undo kept); one with unsaved
    /// edits is asked, with Merge offered against the version known before the deletion.
    func testAFileBackWithAnotherTextAfterABranchSwitchIsFollowedOrMerged() throws {
        let sub = temporary.path + "/repo/sub", clean = sub + "/clean.txt", edited = sub + "/edited.txt"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try "alpha\n".write(toFile: clean, atomically: false, encoding: .utf8)
        try "one\ntwo\n".write(toFile: edited, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let a = try store.openFile(at: clean), b = try store.openFile(at: edited)
            store.apply(.insert("first ", at: 0), to: a)
            try store.saveNow(a)
            store.apply(.insert("mine ", at: 0), to: b)
            try FileManager.default.removeItem(atPath: sub)
            XCTAssertTrue(DiskChangeTests.wait(store) { a.isDeletedOnDisk && b.isDeletedOnDisk })
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try "first alpha\nbeta\n".write(toFile: clean, atomically: false, encoding: .utf8)
            try "one\ntwo\nthree\n".write(toFile: edited, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { a.text == "first alpha\nbeta\n" && b.hasUnseenDiskChange }, a.text)
            XCTAssertFalse(a.isDirty || a.hasUnseenDiskChange, "the clean document follows the file")
            store.undo(a)
            XCTAssertEqual(a.text, "alpha\nbeta\n", "undo takes back the user's step only")
            XCTAssertTrue(b.canMerge, "Merge is offered against the version known before the deletion")
            XCTAssertEqual(try store.mergeWithDiskWaited(b), 0)
            XCTAssertEqual(b.text, "mine one\ntwo\nthree\n")
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

/// A version is not its stamp alone: a rewrite in place that keeps the size and the
/// time (`cp -p`, `rsync --inplace -t`, a coarse clock) is told by its bytes.
final class SameStampRewriteTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("same-stamp") }

    /// Rewrites `path` in place with `text` (the same length) and puts its times back, to the nanosecond.
    static func rewriteKeepingTheStamp(_ path: String, _ text: String) throws {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.write(Data(text.utf8))
        handle.closeFile()
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    }

    func testACleanDocumentFollowsARewriteThatKeptSizeAndTime() throws {
        let path = temporary.file("p.txt")
        try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            let stamp = DiskStamp.of(path)
            try Self.rewriteKeepingTheStamp(path, "omega\n")
            XCTAssertEqual(DiskStamp.of(path), stamp, "the same stamp: only the bytes differ")
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "omega\n" })
            XCTAssertFalse(document.isDirty)
        }
    }

    func testAnEditedDocumentIsAskedAndSaveDoesNotOverwriteUnasked() throws {
        let path = temporary.file("q.txt")
        try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try Self.rewriteKeepingTheStamp(path, "omega\n")
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            XCTAssertTrue(store.hasDiskConflict(document))
            XCTAssertEqual(document.text, "mine alpha\n")
        }
    }

    /// After a Merge that left the document modified, the
    /// version known is the one the merge took in, and a same-stamp rewrite of it is asked about.
    func testAfterAMergeASameStampRewriteIsAsked() throws {
        let path = temporary.file("m.txt")
        try "alpha\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine\n", at: 6), to: document)
            try "first\nalpha\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            try store.mergeWithDiskWaited(document)
            XCTAssertTrue(document.isDirty)
            try Self.rewriteKeepingTheStamp(path, "FIRST\nalpha\n")
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
        }
    }

    /// After Keep Mine the document holds no text of the
    /// version it knows, so a rewrite that kept the stamp went unseen, and Save overwrote it. The
    /// version asked about is told by the digest of its bytes, read when the question was put.
    func testAfterKeepMineASameStampRewriteIsAsked() throws {
        let path = temporary.file("k.txt")
        try "alpha\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try "alpha\ntheirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            store.keepMine(document)
            XCTAssertFalse(store.hasDiskConflict(document))
            try Self.rewriteKeepingTheStamp(path, "ALPHA\ntheirs\n")
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange }, "asked again")
            XCTAssertTrue(store.hasDiskConflict(document), "Save asks before overwriting it")
            XCTAssertEqual(document.text, "mine alpha\n")
        }
    }

    /// Saved, undone, then typed into: the saved state leaves the history with the redo steps.
    /// A rewrite that keeps size and time is still asked about, told by the saved version's text,
    /// kept as it left, and Merge has it as its base.
    func testAfterTheSavedStateLeavesWithTheRedoASameStampRewriteIsAsked() throws {
        let path = temporary.file("r.txt")
        try "no final newline".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("gamma", at: 0), to: document)
            try store.saveNow(document)
            store.undo(document)
            store.apply(.insert("gamma", at: document.storage.count), to: document)
            XCTAssertFalse(document.canRedo, "the saved state went with the redo")
            try Self.rewriteKeepingTheStamp(path, "betaano final newline")
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange }, "asked")
            XCTAssertTrue(document.canMerge, "the saved version is Merge's base")
            // One line, changed on both sides: both kept, marked.
            XCTAssertEqual(try store.mergeWithDiskWaited(document), 1)
            XCTAssertTrue(document.text.contains("no final newlinegamma") && document.text.contains("betaano final newline"))
        }
    }

    /// A new file with the very bytes the document knows (`sed -i` that matched nothing writes
    /// one; so does a stash popped back before the watcher looked): no change, nothing asked,
    /// though the document has unsaved edits; the same after Keep Mine, told by the digest.
    func testANewFileOfTheSameBytesAsksNothing() throws {
        let path = temporary.file("same.txt")
        try "alpha\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try "alpha\n".write(toFile: path, atomically: true, encoding: .utf8)  // a new inode
            XCTAssertTrue(DiskChangeTests.wait(store) { document.diskStamp == DiskStamp.of(path) }, "the new file looked at")
            XCTAssertFalse(document.hasUnseenDiskChange, "nothing asked")
            XCTAssertFalse(store.hasDiskConflict(document), "Save writes without a question")
            try "alpha\ntheirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            store.keepMine(document)
            try "alpha\ntheirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.diskStamp == DiskStamp.of(path) }, "the new file looked at")
            XCTAssertFalse(document.hasUnseenDiskChange, "the version kept over, byte for byte: nothing asked")
            try "alpha\nTHEIRS\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange }, "a real change is asked")
        }
    }

    func testTouchingInPlaceWithoutChangingAsksNothing() throws {
        let path = temporary.file("t.txt")
        try "alpha\n".write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            let reports = store.diskReportCount
            try Self.rewriteKeepingTheStamp(path, "alpha\n")
            XCTAssertTrue(DiskChangeTests.wait(store) { store.diskReportCount > reports })
            store.pollDiskChanges()
            XCTAssertFalse(document.hasUnseenDiskChange, "the same bytes: nothing to ask")
            XCTAssertFalse(store.hasDiskConflict(document))
        }
    }
}
