import Foundation
import TestSupport
import XCTest
@testable import Documents

@MainActor
private func journaledStore(_ folder: String) -> DocumentStore {
    let store = EditJournalTests.journaledStore(folder)
    store.fileBackedMinimum = FileBackedDocumentTests.minimum
    return store
}

@MainActor
private func waitUntil(_ what: String, until done: () -> Bool) {
    let deadline = Date().addingTimeInterval(120)
    while !done() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    XCTAssertTrue(done(), "timed out waiting for \(what)")
}

/// Edits at the start, the middle and the end, unsaved, in a journal a crash left.
@MainActor
private func crashWithEdits(path: String, folder: String) throws -> (draftID: UUID, text: String) {
    let store = journaledStore(folder)
    let document = try store.openFile(at: path)
    waitUntil("the load") { !document.isLoading }
    XCTAssertNotNil(document.storage.baseFile, "the test's premise: pieces of the file")
    store.apply(.insert("FIRST ", at: 0), to: document)
    let middle = document.storage.count / 2
    store.apply(Edit(range: middle..<(middle + 4), replacement: "MIDDLE"), to: document)
    store.apply(.insert(" LAST", at: document.storage.count), to: document)
    XCTAssertTrue(document.isDirty)
    store.journals!.waitUntilWritten()
    store.journals = nil
    return (document.draftID, document.storage.string)
}

/// Unsaved edits over a file that opens as pieces of itself, brought back after a crash: the
/// document comes at once, loading and empty, and takes its text and history once the file is
/// indexed and the journal replayed off the main thread; nothing can be typed before that.
final class BigFileRestoreTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("big-restore") }

    /// Numbered lines, a little over the tests' piece threshold.
    private func writeLog(_ path: String) throws -> String {
        var text = ""
        var line = 0
        while text.utf8.count < Int(FileBackedDocumentTests.minimum) + (1 << 20) {
            text += "line \(line) of a log that is too big to read on the main thread, é 한 😀\n"
            line += 1
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return text
    }

    func testTheEditsComeBackOverTheFileWithoutTheMainThreadReadingIt() throws {
        let path = temporary.file("big.log")
        let original = try writeLog(path)
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let (draftID, edited) = try crashWithEdits(path: path, folder: folder)
            let relaunched = journaledStore(folder)
            let document = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: draftID, untitledName: nil))
            // Back at once, before the file is read: loading, empty, and taking no typing.
            XCTAssertTrue(document.isLoading, "the file is indexed in the background")
            XCTAssertEqual(document.storage.count, 0, "nothing shown over which the edits are not yet")
            XCTAssertFalse(document.isDirty)
            relaunched.apply(.insert("typed too soon", at: 0), to: document)
            XCTAssertEqual(document.storage.count, 0, "typing waits for the replay")
            var events: [DocumentEvent] = []
            let subscription = relaunched.subscribe(to: document) { events.append($0) }
            waitUntil("the replay") { !document.isLoading }
            XCTAssertEqual(document.storage.string, edited, "the edits over the file, as they were")
            XCTAssertNotNil(document.storage.baseFile, "still pieces of the file, not a copy of it")
            XCTAssertTrue(document.isDirty)
            XCTAssertFalse(document.isReadOnly)
            XCTAssertTrue(events.contains(.loadFinished))
            XCTAssertTrue(events.contains(.dirtyChanged(true)), "the windows learn it is modified")
            // The history came back: three undos give the file's text, clean again.
            relaunched.undo(document)
            relaunched.undo(document)
            relaunched.undo(document)
            XCTAssertEqual(document.storage.string, original)
            XCTAssertFalse(document.isDirty)
            relaunched.redo(document)
            XCTAssertTrue(document.storage.string.hasPrefix("FIRST line 0 "))
            _ = subscription
        }
    }

    func testAWindowClosedBeforeTheReplayLeavesTheEditsForNextTime() throws {
        let path = temporary.file("closed.log")
        _ = try writeLog(path)
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let (draftID, edited) = try crashWithEdits(path: path, folder: folder)
            let second = journaledStore(folder)
            let document = try XCTUnwrap(second.restoreDocument(path: path, draftID: draftID, untitledName: nil))
            XCTAssertTrue(document.isLoading)
            // Its window closes (or Tandem quits) while the file is still read.
            var subscription: DocumentSubscription? = second.subscribe(to: document) { _ in }
            XCTAssertNotNil(subscription)
            subscription = nil
            XCTAssertNil(second.document(atPath: path), "the document went with its window")
            XCTAssertTrue(second.finishJournals().isEmpty, "nothing modified to lose: the journal is as the crash left it")
            second.journals = nil
            let third = journaledStore(folder)
            let again = try XCTUnwrap(third.restoreDocument(path: path, draftID: draftID, untitledName: nil))
            waitUntil("the replay") { !again.isLoading }
            XCTAssertEqual(again.storage.string, edited, "the edits are still there")
            XCTAssertTrue(again.isDirty)
        }
    }

    func testAFileThatCannotBeReadToItsEndKeepsTheEditsAside() throws {
        let path = temporary.file("broken.log")
        _ = try writeLog(path)
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let (draftID, _) = try crashWithEdits(path: path, folder: folder)
            // Its tail is no UTF-8 any more: the index stops there.
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            try handle.seek(toOffset: UInt64(FileBackedDocumentTests.minimum))
            handle.write(Data([0xFF, 0xFE, 0xFF]))
            try handle.close()
            let relaunched = journaledStore(folder)
            let document = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: draftID, untitledName: nil))
            waitUntil("the load") { !document.isLoading }
            XCTAssertTrue(document.isReadOnly, "what was read is shown, read-only")
            XCTAssertGreaterThan(document.storage.count, 0)
            XCTAssertFalse(document.isDirty)
            let notice = try XCTUnwrap(document.restoreNotice)
            XCTAssertTrue(notice.contains("could not be read to its end"), notice)
            let aside = try FileManager.default.contentsOfDirectory(atPath: folder + "/journals").filter { $0.hasSuffix(".unapplied") }
            XCTAssertEqual(aside.count, 1, "the unsaved edits are kept in a file of their own")
            XCTAssertTrue(notice.contains(aside[0]), "and the notice says where")
        }
    }
}
