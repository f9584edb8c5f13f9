import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Another program's change to a followed file is a peer's edit beside the user's:
/// Ctrl+Z undoes only what the user did, and the journal keeps both across a crash.
final class PeerFollowTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("peer-follow") }

    private static func append(_ line: String, to path: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(line.utf8))
        handle.closeFile()
    }

    /// The first finding: delete a line, save, `echo four >> notes.txt`, Ctrl+Z.
    func testAnAppendAfterASaveKeepsTheUndoAndTheJournalKeepsBoth() throws {
        let folder = temporary.path, path = temporary.file("notes.txt")
        try MainActor.assumeIsolated {
            try "one\ntwo\nthree\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path)
            store.apply(.delete(4..<8), to: document)
            try store.saveNow(document)
            XCTAssertFalse(document.isDirty)
            try Self.append("four\n", to: path)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "one\nthree\nfour\n" })
            XCTAssertFalse(document.isDirty)
            XCTAssertTrue(document.canUndo, "the append leaves the user's history alone")
            // A second append: the journal's fingerprint of the file is carried on by the new
            // bytes alone, and must still be the file's at the relaunch.
            try Self.append("fünf\n", to: path)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "one\nthree\nfour\nfünf\n" })
            store.journals!.waitUntilWritten()  // then a kill

            let relaunched = EditJournalTests.journaledStore(folder)
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(back.text, "one\nthree\nfour\nfünf\n")
            XCTAssertFalse(back.isDirty, "the text is the file's")
            XCTAssertFalse(back.hasUnseenDiskChange, "the journal knows the file as it is")
            XCTAssertNil(back.restoreNotice)
            relaunched.undo(back)
            XCTAssertEqual(back.text, "one\ntwo\nthree\nfour\nfünf\n", "the deleted line comes back; the appends stay")
            XCTAssertTrue(back.isDirty)
            relaunched.redo(back)
            XCTAssertEqual(back.text, "one\nthree\nfour\nfünf\n")
            XCTAssertFalse(back.isDirty)

            // And in the process that saw it.
            store.undo(document)
            XCTAssertEqual(document.text, "one\ntwo\nthree\nfour\nfünf\n")
            XCTAssertFalse(document.canUndo)
        }
    }

    /// An empty file grows by a line; its windows are told
    /// of the append with the final break already hidden, as after a load (told before, they showed
    /// an empty last line, and Shift+Down from the first line took the break with it).
    func testAnAppendIsToldWithTheFinalBreakSettled() throws {
        let path = temporary.file("empty.txt")
        try "".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            var hiddenWhenTold: [Bool] = []
            let subscription = store.subscribe(to: document) { if case .edited = $0 { hiddenWhenTold.append(document.hidesFinalLineBreak) } }
            try Self.append("gamma\n", to: path)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "gamma\n" })
            XCTAssertEqual(hiddenWhenTold, [true])
            withExtendedLifetime(subscription) {}
        }
    }

    /// Reload over typing on a file without a final break,
    /// which another program had given one. The typing went back first (a text without the
    /// break), and the break then stayed shown, so a new line typed at the end went after it.
    func testReloadHidesTheFilesFinalBreak() throws {
        let path = temporary.file("nobreak.txt")
        try "no final newline".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("\n mine", at: 16), to: document)
            try "no final newline more\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            try store.reloadFromDiskWaited(document)
            XCTAssertEqual(document.text, "no final newline more\n")
            XCTAssertTrue(document.hidesFinalLineBreak, "the file's final break is hidden, as after a load")
        }
    }

    /// A rewrite elsewhere in the file (a formatter, `sed -i`) is followed beside the user's step.
    func testARewriteElsewhereIsKeptByUndo() throws {
        let path = temporary.file("code.txt")
        try MainActor.assumeIsolated {
            try "a = 1\nb = 2\nc = 3\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("# top\n", at: 0), to: document)
            try store.saveNow(document)
            try "# top\na = 1\nb = 22\nc = 3\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "# top\na = 1\nb = 22\nc = 3\n" })
            XCTAssertFalse(document.isDirty)
            store.undo(document)
            XCTAssertEqual(document.text, "a = 1\nb = 22\nc = 3\n")
            XCTAssertFalse(document.canUndo)
        }
    }
}

/// A change on disk that goes away again withdraws its question.
final class WithdrawnChangeTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("withdrawn-change") }

    /// `git stash` then `git stash pop` under unsaved edits: the file goes away from and back to
    /// the very bytes the document knows. No question stays, and Save does not ask to overwrite.
    func testAFileBackToTheVersionKnownAsksNothing() throws {
        let path = temporary.file("notes.txt")
        try "one\ntwo\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try "one\nstashed away\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            try "one\ntwo\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { !document.hasUnseenDiskChange }, "the question is withdrawn")
            XCTAssertTrue(document.isDirty, "the typing is still not on disk")
            XCTAssertFalse(store.hasDiskConflict(document), "Save does not ask to overwrite")
            store.undo(document)
            XCTAssertEqual(document.text, "one\ntwo\n")
            XCTAssertFalse(document.isDirty, "undone to the file's text: clean again")
        }
    }

    /// A file rewritten to exactly the user's text answers its own question.
    func testAFileThatBecomesTheTextAsksNothing() throws {
        let path = temporary.file("same.txt")
        try "base\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            try "mine base\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { !document.hasUnseenDiskChange })
            XCTAssertFalse(document.isDirty)
        }
    }
}

/// Keep Mine and Overwrite take the version the user saw, never the one on disk at the click
///: a write in the watcher's quiet interval is asked about, not overwritten unseen.
final class KeepMineVersionTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("keep-mine-version") }

    func testAWriteAfterTheQuestionIsNotTakenAsSeen() throws {
        let path = temporary.file("k.txt")
        try "base\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            try "theirs, again\n".write(toFile: path, atomically: true, encoding: .utf8)  // not reported yet
            store.keepMine(document)
            XCTAssertTrue(store.hasDiskConflict(document), "the second write was never seen")
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange }, "and it is asked about")
        }
    }

    func testOverwriteOverwritesTheVersionOfItsQuestionOnly() throws {
        let path = temporary.file("o.txt")
        try "base\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            let seen = store.diskVersion(of: document)                      // the save's question is put
            try "theirs, again\n".write(toFile: path, atomically: true, encoding: .utf8)  // while it is up
            store.keepMine(document, seen: seen)                             // Overwrite
            XCTAssertThrowsError(try store.saveNow(document)) { XCTAssertTrue(($0 as? TextFileError)?.isDiskConflict ?? false) }
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "theirs, again\n")
        }
    }
}
