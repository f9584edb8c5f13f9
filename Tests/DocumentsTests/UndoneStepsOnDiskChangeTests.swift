import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Replace All, a kill and relaunch, another program appends
/// to the file, and Ctrl+Z takes the text back to the saved one before the watcher reports. The
/// document then followed the file and began its history afresh: the replaced text, one Ctrl+Shift+Z
/// away until then, was gone for good. Undone steps are text kept nowhere else: they are carried
/// across the other program's change, as the rest of the history is.
final class UndoneStepsOnDiskChangeTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("undone-steps-disk") }

    private static func append(_ line: String, to path: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(line.data(using: .utf8)!)
        handle.closeFile()
    }

    @MainActor private static func replaceAll(_ document: Document, in store: DocumentStore) {
        store.sealUndoStep(document)
        store.beginCompoundEdit(document)
        for offset in [15, 10] { store.apply(Edit(range: offset..<(offset + 1), replacement: "alpha"), to: document) }
        store.endCompoundEdit(document)
        store.sealUndoStep(document)
    }

    func testAnUndoBeforeTheWatcherReportsKeepsTheRedoAcrossTheAppend() throws {
        let folder = temporary.path, path = temporary.file("two.txt")
        try MainActor.assumeIsolated {
            try "no final newline".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path)
            Self.replaceAll(document, in: store)
            store.journals!.waitUntilWritten()                     // then a kill

            let relaunched = EditJournalTests.journaledStore(folder)
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(back.text, "no final nalphawlinalpha")
            XCTAssertTrue(back.isDirty)
            try Self.append("zeta9\n", to: path)
            relaunched.undo(back)                                  // before the watcher reports
            XCTAssertEqual(back.text, "no final newline")
            XCTAssertFalse(back.isDirty, "the saved text, as far as the document knows")
            XCTAssertTrue(DiskChangeTests.wait(relaunched) { back.text == "no final newlinezeta9\n" }, "the append is followed")
            XCTAssertFalse(back.isDirty)
            XCTAssertFalse(back.hasUnseenDiskChange)
            relaunched.redo(back)
            XCTAssertEqual(back.text, "no final nalphawlinalphazeta9\n", "the undone Replace All is one redo away, beside the append")
            relaunched.undo(back)
            XCTAssertEqual(back.text, "no final newlinezeta9\n")
            XCTAssertFalse(back.isDirty)
        }
    }

    /// The same without a relaunch, through the whole-file path (a change that is not growth).
    func testARewriteOfAFileWhoseDocumentCanRedoIsFollowedAndKeepsTheRedo() throws {
        let path = temporary.file("one.txt")
        try MainActor.assumeIsolated {
            try "no final newline".write(toFile: path, atomically: true, encoding: .utf8)
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            Self.replaceAll(document, in: store)
            store.undo(document)
            XCTAssertFalse(document.isDirty)
            try "first: no final newline".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "first: no final newline" })
            XCTAssertFalse(document.isDirty)
            XCTAssertFalse(document.hasUnseenDiskChange)
            XCTAssertTrue(document.canRedo)
            store.redo(document)
            XCTAssertEqual(document.text, "first: no final nalphawlinalpha", "the redo lands on the same words, after the other program's")
            XCTAssertTrue(document.isDirty)
        }
    }

    /// A clean document with nothing to redo still follows a file that grew, as a log does.
    func testACleanDocumentWithNothingToRedoStillFollowsGrowth() throws {
        let path = temporary.file("log.txt")
        try MainActor.assumeIsolated {
            try "first\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            try Self.append("second\n", to: path)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "first\nsecond\n" })
            XCTAssertFalse(document.isDirty)
            XCTAssertFalse(document.hasUnseenDiskChange)
        }
    }
}
