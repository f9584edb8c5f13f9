import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A window's record names the path its document had when the window closed; the document may
/// have been saved elsewhere since (found by the random user: Reopen Closed Window after Save As).
final class RestoreRenamedTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("restore-renamed") }

    func testARecordOfTheOldPathShowsTheDocumentUnderItsNewName() throws {
        let folder = temporary.path, old = temporary.file("old.txt"), new = temporary.file("new.txt")
        try MainActor.assumeIsolated {
            try "text\n".write(toFile: old, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: old)
            let subscription = store.subscribe(to: document) { _ in }  // the window still open on it
            store.apply(.insert("my ", at: 0), to: document)
            try store.saveNow(document, to: new)
            store.apply(.insert("more ", at: 0), to: document)
            let back = store.restoreDocument(path: old, draftID: document.draftID, untitledName: nil)
            XCTAssertTrue(back === document, "the same document, not the old file read again")
            XCTAssertEqual(store.openDocuments.filter { $0.draftID == document.draftID }.count, 1, "one document per journal")
            _ = subscription
        }
    }
}
