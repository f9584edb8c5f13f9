import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A relaunch brings back what a document knows of its file's version, not only its text: a
/// rewrite that keeps the file's size and time (`cp -p`, `rsync --inplace -t`) is still told
/// from the version known, and asked about when the document has unsaved changes.
final class RelaunchedFileKnowledgeTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("relaunched-knowledge") }

    /// A document left modified by a Merge, then a kill.
    /// The relaunch brought it back from its journal's snapshot and compared the file with it
    /// off the main thread, but kept nothing of the file's version (no text, no digest), so a
    /// rewrite that kept the stamp went unseen. The relaunch keeps the digest of what it read.
    func testAfterARelaunchFromASnapshotASameStampRewriteIsAsked() throws {
        let folder = temporary.path, path = temporary.file("relaunched.txt")
        try "alpha\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path)
            store.apply(.insert("mine\n", at: 6), to: document)
            try "first\nalpha\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            try store.mergeWithDiskWaited(document)
            XCTAssertTrue(document.isDirty)
            store.journals!.waitUntilWritten()  // then a kill

            let relaunched = EditJournalTests.journaledStore(folder)
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(back.text, "first\nalpha\nmine\n")
            // The file is compared with the restored text off the main thread; the answer comes on the main queue.
            XCTAssertTrue(BackgroundSaveTests.spin { back.diskStamp == DiskStamp.of(path) }, "the file compared")
            XCTAssertFalse(back.hasUnseenDiskChange, "the file is the version the merge took in")
            try SameStampRewriteTests.rewriteKeepingTheStamp(path, "FIRST\nalpha\n")
            XCTAssertTrue(DiskChangeTests.wait(relaunched) { back.hasUnseenDiskChange }, "asked")
            XCTAssertTrue(relaunched.hasDiskConflict(back), "Save asks before overwriting it")
        }
    }

    /// Saves `saved` into a file at `path` holding "alpha\n" (journals in `folder`), undoes it and
    /// types `typed` (the saved state leaves the history with the redo steps), then a kill: returns
    /// the relaunch's store and the document it brought back by replaying the journal over the
    /// file, once the file's digest is taken (off the main thread).
    @MainActor
    private static func relaunchedAfterTheSavedStateLeft(in folder: String, _ path: String, saved: String, typed: String, at offset: (String) -> Int) throws -> (DocumentStore, Document) {
        try "alpha\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = EditJournalTests.journaledStore(folder)
        let document = try store.openFile(at: path)
        store.apply(.insert(saved, at: 0), to: document)
        try store.saveNow(document)
        store.undo(document)
        store.apply(.insert(typed, at: offset(document.text)), to: document)
        XCTAssertFalse(document.canRedo, "the saved state went with the redo")
        store.journals!.waitUntilWritten()  // then a kill

        let relaunched = EditJournalTests.journaledStore(folder)
        let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
        XCTAssertTrue(BackgroundSaveTests.spin { back.file.digest != nil }, "the file's version told by its bytes")
        return (relaunched, back)
    }

    /// Saved, undone, typed into (the saved state leaves the
    /// history with the redo steps), then a kill. The relaunch replays the journal over the file,
    /// whose version no state of the history holds; a rewrite that kept the stamp went unseen.
    /// The relaunch keeps the digest of the file it replayed over.
    func testAfterARelaunchOverTheFileASameStampRewriteIsAsked() throws {
        let folder = temporary.path, path = temporary.file("replayed.txt")
        try MainActor.assumeIsolated {
            let (relaunched, back) = try Self.relaunchedAfterTheSavedStateLeft(in: folder, path, saved: "déjà ", typed: " zeta", at: { $0.count })
            XCTAssertEqual(back.text, "alpha\n zeta")
            XCTAssertTrue(back.isDirty)
            XCTAssertFalse(back.hasUnseenDiskChange, "the file is the version saved")
            try SameStampRewriteTests.rewriteKeepingTheStamp(path, "DÉJÀ alpha\n")
            XCTAssertTrue(DiskChangeTests.wait(relaunched) { back.hasUnseenDiskChange }, "asked")
            XCTAssertTrue(relaunched.hasDiskConflict(back), "Save asks before overwriting it")
            XCTAssertEqual(back.text, "alpha\n zeta", "the unsaved text stays")
        }
    }

    /// The relaunch's digest is of the version it replayed over: the same bytes rewritten in
    /// place ask nothing.
    func testAfterARelaunchOverTheFileTheSameBytesAskNothing() throws {
        let folder = temporary.path, path = temporary.file("same.txt")
        try MainActor.assumeIsolated {
            let (relaunched, back) = try Self.relaunchedAfterTheSavedStateLeft(in: folder, path, saved: "beta\n", typed: "gamma\n", at: { _ in 0 })
            let reports = relaunched.diskReportCount
            try SameStampRewriteTests.rewriteKeepingTheStamp(path, "beta\nalpha\n")
            XCTAssertTrue(DiskChangeTests.wait(relaunched) { relaunched.diskReportCount > reports })
            relaunched.pollDiskChanges()
            XCTAssertFalse(back.hasUnseenDiskChange, "the same bytes: nothing to ask")
            XCTAssertFalse(relaunched.hasDiskConflict(back))
        }
    }
}
