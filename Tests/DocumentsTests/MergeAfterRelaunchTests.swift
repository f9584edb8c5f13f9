import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Found by the random user: a document saved again after its file was deleted, edited, then
/// the application killed. After the relaunch another program changed the file, and Merge was
/// not offered: the version the text was saved as was gone from what the relaunch knew.
final class MergeAfterRelaunchTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("merge-relaunch") }

    func testMergeIsOfferedAfterAKillWhateverCameBefore() throws {
        let folder = temporary.path, first = temporary.file("one.txt"), path = temporary.file("two.txt")
        try MainActor.assumeIsolated {
            try "one line one\nsecond line\n".write(toFile: first, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: first)
            store.apply(.insert("\n alpha", at: 25), to: document)
            try store.saveNow(document, to: path)                 // Save As
            store.undo(document)
            store.apply(.insert("\n naive", at: 25), to: document)
            try FileManager.default.removeItem(atPath: path)       // deleted on disk
            store.checkDisk(document)
            XCTAssertTrue(document.isDeletedOnDisk)
            store.undo(document)
            try store.saveNow(document)                            // the file again
            store.apply(.insert("\n more", at: 25), to: document)
            store.journals!.waitUntilWritten()                     // then a kill

            let relaunched = EditJournalTests.journaledStore(folder)
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(back.text, document.text)
            XCTAssertTrue(back.isDirty)
            try (document.text.replacingOccurrences(of: "\n more", with: "") + "theirs\n").write(toFile: path + ".new", atomically: false, encoding: .utf8)
            try FileManager.default.moveItem(atPath: path, toPath: path + "~")
            try FileManager.default.moveItem(atPath: path + ".new", toPath: path)
            XCTAssertTrue(DiskChangeTests.wait(relaunched) { back.hasUnseenDiskChange })
            XCTAssertTrue(back.canMerge, "the version saved is the base")
        }
    }

    /// The same through a history begun afresh (a clean document following a file that grew),
    /// whose step ids do not start at 1 either.
    func testMergeIsOfferedAfterAKillWhenTheHistoryBeganAfresh() throws {
        let folder = temporary.path, path = temporary.file("log.txt")
        try MainActor.assumeIsolated {
            try "first\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path)
            store.apply(.insert("a ", at: 0), to: document)
            try store.saveNow(document)
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write("grown\n".data(using: .utf8)!)
            handle.closeFile()
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "a first\ngrown\n" }, "followed")
            store.apply(.insert("mine ", at: 0), to: document)
            store.journals!.waitUntilWritten()

            let relaunched = EditJournalTests.journaledStore(folder)
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertTrue(back.isDirty)
            try "a first\ngrown\ntheirs\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(relaunched) { back.hasUnseenDiskChange })
            XCTAssertTrue(back.canMerge, "the version followed is the base")
        }
    }
}
