import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A merge that gave a text without a final line break one, then a kill: the restored text ends
/// in a break, so it hides it, as a file read does. (Written while chasing a random-user failure
/// that turned out to be its model's: an undo to a text without the break shows it from then on.)
final class FinalBreakAfterRelaunchTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("final-break-relaunch") }

    func testARestoredTextEndingInABreakHidesIt() throws {
        let folder = temporary.path, path = temporary.file("two.txt")
        try MainActor.assumeIsolated {
            try "no final newline".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path)
            store.apply(.insert(" x", at: 0), to: document)
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write("beta\n".data(using: .utf8)!)
            handle.closeFile()
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            XCTAssertEqual(try store.mergeWithDiskWaited(document), 1)
            XCTAssertEqual(document.text, " xno final newline\nno final newlinebeta\n")
            XCTAssertFalse(document.hidesFinalLineBreak, "a break the text did not have stays shown")
            store.journals!.waitUntilWritten()

            let relaunched = EditJournalTests.journaledStore(folder)
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(back.text, document.text)
            XCTAssertTrue(back.hidesFinalLineBreak, "restored, the text ends in a break: hidden, as a file read")
        }
    }
}
