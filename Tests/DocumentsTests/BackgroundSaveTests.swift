import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Saving from a snapshot on a background queue: typing goes on meanwhile, and what was typed
/// after the snapshot keeps the document modified; the journal knows which state is saved.
final class BackgroundSaveTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("save") }

    /// Runs the main queue (where a save's completion arrives) until `done` or 10 s.
    @MainActor static func spin(until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
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
}
