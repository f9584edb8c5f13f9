import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A keystroke's journal record is handed to the writer's thread in the main loop's turn after
/// the key's frame is drawn (`JournalStore.afterDrawing`), not during the key; a paste's at once;
/// and nothing waiting for that turn is lost when the process ends without it.
final class JournalHandOffTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("journal-hand-off") }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    /// Waits up to two seconds for `path` to grow past `bytes`; its size then.
    private static func waitForGrowth(_ path: String, past bytes: Int) -> Int {
        for _ in 0..<200 where Self.size(path) <= bytes { usleep(10_000) }
        return Self.size(path)
    }

    /// The text a relaunch rebuilds from the journals in `folder`.
    @MainActor
    private static func relaunchedText(_ document: Document, in folder: String) throws -> String {
        let relaunched = EditJournalTests.journaledStore(folder)
        let restored = try XCTUnwrap(relaunched.restoreDocument(path: nil, draftID: document.draftID,
                                                                untitledName: document.untitledName))
        return restored.text
    }

    /// A store journaling in `folder` whose turns after drawing go to `afterDrawing`, with an
    /// untitled document holding `first`, its journal begun and written: no drain is on its way.
    @MainActor
    private static func begun(in folder: String, first: String,
                              afterDrawing: @escaping (@escaping @MainActor () -> Void) -> Void) throws
        -> (store: DocumentStore, journals: JournalStore, document: Document) {
        let store = EditJournalTests.journaledStore(folder)
        let journals = try XCTUnwrap(store.journals)
        journals.afterDrawing = afterDrawing
        let document = store.newUntitled()
        store.apply(Edit(range: 0..<0, replacement: first), to: document)  // the journal begins, then the key
        journals.waitUntilWritten()
        return (store, journals, document)
    }

    func testKeysWaitForTheTurnAfterDrawingOneTurnForManyKeys() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            var turns: [@MainActor () -> Void] = []
            let (store, journals, document) = try Self.begun(in: folder, first: "a") { turns.append($0) }
            XCTAssertEqual(turns.count, 1, "the first key asked for a turn")
            turns.removeFirst()()  // nothing left to write: the writer stays asleep
            let path = journals.path(document.draftID)
            let before = Self.size(path)
            XCTAssertGreaterThan(before, 0)

            store.apply(Edit(range: 1..<1, replacement: "b"), to: document)
            store.apply(Edit(range: 2..<2, replacement: "c"), to: document)
            XCTAssertEqual(turns.count, 1, "keys before the turn share it")
            XCTAssertEqual(journals.recordsAwaitingTurn, 2, "nothing woke the writer before the turn")
            XCTAssertEqual(Self.size(path), before)

            turns.removeFirst()()
            XCTAssertGreaterThan(Self.waitForGrowth(path, past: before), before, "the turn woke the writer")
            journals.waitUntilWritten()
            store.journals = nil
            XCTAssertEqual(try Self.relaunchedText(document, in: folder), "abc")
        }
    }

    func testRecordsStillWaitingForTheirTurnAreWrittenAtTheEnd() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            // The loop ends before any turn after drawing.
            let (store, _, document) = try Self.begun(in: folder, first: "t") { _ in }
            for (offset, key) in "yped".enumerated() {
                store.apply(Edit(range: offset + 1..<offset + 1, replacement: String(key)), to: document)
            }
            store.finishJournals()  // as at quit, once the main loop has returned
            store.journals = nil
            XCTAssertEqual(try Self.relaunchedText(document, in: folder), "typed")
        }
    }

    func testAPasteIsHandedOverAtOnce() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            var turns = 0
            let (store, journals, document) = try Self.begun(in: folder, first: "a") { _ in turns += 1 }
            let path = journals.path(document.draftID)
            let before = Self.size(path)

            let pasted = String(repeating: "pasted text ", count: 200)  // 2,400 bytes: more than a key's record
            store.apply(Edit(range: 1..<1, replacement: pasted), to: document)
            XCTAssertEqual(turns, 1, "only the first key asked for a turn")
            XCTAssertGreaterThan(Self.waitForGrowth(path, past: before), before + pasted.utf8.count, "written without a turn")
            journals.waitUntilWritten()
            store.journals = nil
            XCTAssertEqual(try Self.relaunchedText(document, in: folder), "a" + pasted)
        }
    }
}
