import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Saving from a snapshot on a background queue: typing goes on meanwhile, and what was typed
/// after the snapshot keeps the document modified; the journal knows which state is saved.
final class BackgroundSaveTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("save") }

    /// Runs the main queue (where a save's completion arrives) until `done` or `timeout` seconds.
    @MainActor static func spin(timeout: TimeInterval = 10, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !done() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        return done()
    }

    func testTypingDuringASaveKeepsTheDocumentModified() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/big.txt"
            let original = String(repeating: "a line of a document being saved\n", count: 100_000)
            try original.write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path, synchronously: true)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            store.apply(.insert("saved ", at: 0), to: document)
            var result: TextFileError?? = .none
            try store.save(document) { result = .some($0) }
            XCTAssertTrue(document.isSaving)
            XCTAssertEqual(events.last, .savingChanged(true))
            // Typed while the save is on its way: not in the file, and not saved.
            store.apply(.insert("later ", at: 0), to: document)
            XCTAssertTrue(Self.spin { result != nil }, "the save finished")
            XCTAssertNil(result!)
            XCTAssertFalse(document.isSaving)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "saved " + original)
            XCTAssertTrue(document.isDirty, "what was typed after the snapshot is still unsaved")
            XCTAssertTrue(events.contains(.saved(path: path)))
            store.undo(document)
            XCTAssertFalse(document.isDirty, "undoing it comes back to the saved text")

            // A relaunch knows the same: the file holds the saved state.
            store.apply(.insert("again ", at: 0), to: document)
            store.journals!.waitUntilWritten()
            store.journals = nil
            let relaunched = EditJournalTests.journaledStore(folder)
            let restored = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, "again saved " + original)
            XCTAssertTrue(restored.isDirty)
            relaunched.undo(restored)
            XCTAssertFalse(restored.isDirty)
            _ = subscription
        }
    }

    /// Cancel on the Saving banner: the file stays as it was, the document modified, and the
    /// save ends saying it was cancelled (no failure to show); saving again works.
    func testACancelledSaveLeavesTheFileAsItWas() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/kept.txt"
            try "on disk\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path, synchronously: true)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            store.apply(.insert("typed ", at: 0), to: document)
            var result: TextFileError?? = .none
            try store.save(document) { result = .some($0) }
            store.cancelSaving(document)
            XCTAssertTrue(Self.spin { result != nil }, "the save ended")
            let failure = try XCTUnwrap(result!, "a cancelled save does not report success")
            XCTAssertTrue(failure.isCancelled)
            XCTAssertFalse(failure.isDiskConflict)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "on disk\n")
            XCTAssertTrue(document.isDirty)
            XCTAssertFalse(document.isSaving)
            XCTAssertEqual(events.filter { $0 == .savingChanged(false) }.count, 1)
            XCTAssertFalse(events.contains(.saved(path: path)))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tandem-") }
            XCTAssertEqual(leftovers, [], "no temp file is left behind")

            result = .none
            try store.save(document) { result = .some($0) }
            XCTAssertTrue(Self.spin { result != nil })
            XCTAssertNil(result!)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "typed on disk\n")
            XCTAssertFalse(document.isDirty)
            _ = subscription
        }
    }

    /// A quit waits for saves without holding the main loop: `whenSavesFinish` answers only
    /// after the save is on disk, and at once when none is on its way.
    func testWhenSavesFinishAnswersAfterTheSave() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/quit.txt"
            try "x\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path, synchronously: true)
            var answeredAtOnce = false
            store.whenSavesFinish { answeredAtOnce = true }
            XCTAssertTrue(answeredAtOnce, "nothing to wait for")
            store.apply(.insert("y", at: 0), to: document)
            var saved = false, finished = false, savedBeforeFinish = false
            try store.save(document) { _ in saved = true }
            store.whenSavesFinish {
                finished = true
                savedBeforeFinish = saved
            }
            XCTAssertFalse(finished, "a save is on its way")
            XCTAssertTrue(Self.spin { finished })
            XCTAssertTrue(savedBeforeFinish, "the save completed before the quit went on")
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "yx\n")
        }
    }
}
