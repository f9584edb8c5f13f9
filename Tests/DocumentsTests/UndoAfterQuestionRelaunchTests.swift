import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A word typed at the end, another program appends a line, quit and relaunch, Ctrl+Z: a change
/// the running Tandem asked about stays a question across the relaunch (no merge the user did not
/// choose), and Ctrl+Z takes the word back. (A quit before the watcher reported is another case: the
/// relaunch sees a change made while it was closed and merges it, as it says it does.)
final class UndoAfterQuestionRelaunchTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("undo-question-relaunch") }

    func testTheHistoryComesBackWithTheQuestion() throws {
        let folder = temporary.path, path = temporary.file("one.txt")
        try MainActor.assumeIsolated {
            try "one.txt line one\nsecond line\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path)
            var window: DocumentSubscription? = store.subscribe(to: document) { _ in }
            withExtendedLifetime(window) {}
            store.apply(.insert(" x", at: 28), to: document)
            XCTAssertEqual(document.text, "one.txt line one\nsecond line x\n")
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write("zeta9\n".data(using: .utf8)!)
            handle.closeFile()
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            window = nil                                           // then a quit: the window closes
            store.journals!.waitUntilWritten()

            let relaunched = EditJournalTests.journaledStore(folder)
            let back = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            // The file is compared off the main thread; its stamp is known once the answer is in.
            let deadline = Date().addingTimeInterval(10)
            while back.diskStamp == nil && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
            XCTAssertNotNil(back.diskStamp, "the relaunch compared the file")
            XCTAssertEqual(back.text, "one.txt line one\nsecond line x\n")
            XCTAssertTrue(back.isDirty)
            XCTAssertTrue(back.hasUnseenDiskChange, "the question stands")
            XCTAssertTrue(back.canUndo, "the word typed is one Ctrl+Z away")
            relaunched.undo(back)
            XCTAssertEqual(back.text, "one.txt line one\nsecond line\n")
        }
    }
}
