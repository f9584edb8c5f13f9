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
            journals.retryDelay = 0.2
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
