import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A journal that cannot be written is said on its document, tried again, and the saying goes
/// once a write works.
final class JournalTroubleTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("journal-trouble") }

    func testAFolderGoneIsSaidOnTheDocumentAndClearedOnceItIsBack() throws {
        let folder = temporary.path, path = temporary.file("t.txt")
        try MainActor.assumeIsolated {
            try "text\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let journals = try XCTUnwrap(store.journals)
            var said: [String] = []
            journals.warn = { said.append($0) }
            let document = try store.openFile(at: path)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            try FileManager.default.removeItem(atPath: journals.folder)
            store.apply(.insert("a", at: 0), to: document)
            XCTAssertTrue(BackgroundSaveTests.spin { document.journalProblem != nil }, "the failure is told to the document")
            XCTAssertTrue(events.contains(.journalProblemChanged))
            // More typing while it fails: said once on stderr, however many keystrokes and retries.
            for letter in "bcd" { store.apply(.insert(String(letter), at: 1), to: document) }
            RunLoop.main.run(until: Date().addingTimeInterval(0.6))
            XCTAssertEqual(said.count, 1, "\(said)")
            XCTAssertNotNil(document.journalProblem)
            // The folder back: the next retry writes the journal, and the problem is gone.
            try FileManager.default.createDirectory(atPath: journals.folder, withIntermediateDirectories: true)
            XCTAssertTrue(BackgroundSaveTests.spin { document.journalProblem == nil }, "cleared once a write works")
            journals.waitUntilWritten()
            // What the retry wrote is the whole text, typed while it failed included.
            let relaunched = EditJournalTests.journaledStore(folder)
            relaunched.journals!.waitUntilWritten()
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(back.text, document.text)
            _ = subscription
        }
    }
}

/// A journal that could not begin still knows the file version it began from: begun again
/// before it ever reached the disk (the file changed under the edits, so it takes a snapshot),
/// it keeps that version, and after a relaunch the change on disk is still asked about.
final class JournalBeginningKnowledgeTests: XCTestCase {
    func testAJournalBegunAgainBeforeItsFirstWriteKnowsTheFileItBeganFrom() throws {
        let temporary = try TemporaryFolder("journal-knowledge")
        let folder = temporary.path, path = temporary.file("two.txt")
        try MainActor.assumeIsolated {
            try "base\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let journals = try XCTUnwrap(store.journals)
            journals.warn = { _ in }
            let document = try store.openFile(at: path)
            try FileManager.default.removeItem(atPath: journals.folder)
            store.apply(.insert("mine ", at: 0), to: document)  // its journal cannot begin
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(BackgroundSaveTests.spin { document.hasUnseenDiskChange }, "the change under the edits is asked about")
            XCTAssertTrue(BackgroundSaveTests.spin { document.journalProblem != nil })
            try FileManager.default.createDirectory(atPath: journals.folder, withIntermediateDirectories: true)
            XCTAssertTrue(BackgroundSaveTests.spin { document.journalProblem == nil })
            journals.waitUntilWritten()
            let relaunched = EditJournalTests.journaledStore(folder)
            relaunched.journals!.warn = { _ in }
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(back.text, "mine base\n")
            XCTAssertTrue(BackgroundSaveTests.spin { back.hasUnseenDiskChange }, "the file is not the version the edits were made on: asked about")
        }
    }
}

/// A journal on a real disk that fills: it waits for room without writing (no snapshot again and
/// again), and once there is room it appends what it missed and the document stops saying so.
final class FullJournalDiskTests: XCTestCase {
    func testAJournalWaitsForRoomThenAppendsWhatItMissed() throws {
        let disk = try SmallDisk(size: "512k")
        let census = FaultPlan.counting()
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let journals = JournalStore(folder: disk.path + "/journals", calls: census.calls)
            journals.warn = { _ in }
            store.journals = journals
            let document = store.newUntitled()
            store.apply(.insert(String(repeating: "a line of the letter.\n", count: 5_000), at: 0), to: document)
            journals.waitUntilWritten()
            XCTAssertNil(document.journalProblem)
            try disk.fill()
            for letter in "Dear reader" { store.apply(.insert(String(letter), at: document.text.count), to: document) }
            store.apply(.insert(String(repeating: "pasted while full\n", count: 1_000), at: 0), to: document)
            XCTAssertTrue(BackgroundSaveTests.spin(timeout: 5) { document.journalProblem != nil }, "the document says its text is not kept")
            XCTAssertEqual(journals.notDurable([document]).map(\.draftID), [document.draftID])
            // Waiting for room: it looks (statvfs) and does not write.
            let writes = census.count(of: .write), opens = census.count(of: .open)
            RunLoop.main.run(until: Date().addingTimeInterval(2.5))
            XCTAssertEqual(census.count(of: .write), writes, "no write while the disk has no room")
            XCTAssertEqual(census.count(of: .open), opens, "no snapshot begun again")
            disk.empty()
            XCTAssertTrue(BackgroundSaveTests.spin(timeout: 5) { document.journalProblem == nil }, "the document stops saying so")
            XCTAssertEqual(census.count(of: .open), opens, "what was missed is appended; the journal is not begun again")
            XCTAssertTrue(journals.notDurable([document]).isEmpty)
            let relaunched = EditJournalTests.journaledStore(disk.path)
            relaunched.journals!.waitUntilWritten()
            XCTAssertEqual(relaunched.restoreDocument(path: nil, draftID: document.draftID, untitledName: document.untitledName)?.text,
                           document.text)
        }
    }
}
