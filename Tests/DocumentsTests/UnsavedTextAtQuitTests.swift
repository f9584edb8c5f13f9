import Foundation
import SafeFiles
import TestSupport
import XCTest
@testable import Documents

/// Which modified documents a quit would lose: those whose journal could not keep their text,
/// the last writes of the quit (a snapshot for a journal that rests on its file) included.
final class UnsavedTextAtQuitTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("quit-journals") }

    /// Opens a file, types into it, and asks what a quit would lose (the main loop running).
    @MainActor private static func notKept(in folder: String, calls: FileCalls, typing: Bool = true) throws -> (Document, [Document]) {
        let (document, lost, _) = try notKeptWithStore(in: folder, calls: calls, typing: typing)
        return (document, lost)
    }

    @MainActor private static func notKeptWithStore(in folder: String, calls: FileCalls, typing: Bool = true) throws -> (Document, [Document], DocumentStore) {
        let path = folder + "/letter.txt"
        try "Dear reader,\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = DocumentStore()
        let journals = JournalStore(folder: folder + "/journals", calls: calls)
        journals.warn = { _ in }
        store.journals = journals
        let document = try store.openFile(at: path)
        if typing { store.apply(.insert("the words typed today", at: 13), to: document) }
        var answer: [Document]?
        store.whenUnsavedTextIsKept { answer = $0 }
        XCTAssertTrue(BackgroundSaveTests.spin { answer != nil })
        return (document, answer ?? [], store)
    }

    func testAQuitLosesOnlyWhatTheJournalCouldNotKeep() throws {
        let root = temporary.path
        try MainActor.assumeIsolated {
            func folder() throws -> String {
                let path = root + "/" + UUID().uuidString
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                return path
            }
            XCTAssertEqual(try Self.notKept(in: folder(), calls: .system, typing: false).1.count, 0, "nothing modified, nothing lost")
            XCTAssertEqual(try Self.notKept(in: folder(), calls: .system).1.count, 0, "a journal that works keeps the text")
            let never = FaultPlan(.open, nth: 1, code: ENOSPC, persistent: true)
            let (document, lost, store) = try Self.notKeptWithStore(in: folder(), calls: never.calls)
            XCTAssertEqual(lost.map(\.draftID), [document.draftID], "a journal that never began keeps nothing")
            XCTAssertEqual(store.finishJournals().map(\.draftID), [document.draftID], "the end of the process knows it too, to say it")
            // The journal worked while typing; the quit's own snapshot (its base is the file, which
            // may change while Tandem is closed) cannot be written.
            let census = FaultPlan.counting()
            _ = try Self.notKept(in: folder(), calls: census.calls)
            // The census counts the quit's snapshot too: its temp file, then the journal reopened.
            let typingOpens = census.count(of: .open) - 2
            let atQuit = FaultPlan(.open, nth: typingOpens + 1, code: EDQUOT, persistent: true)
            let (late, lostLate) = try Self.notKept(in: folder(), calls: atQuit.calls)
            XCTAssertTrue(atQuit.wasHit)
            XCTAssertEqual(lostLate.map(\.draftID), [late.draftID], "the quit's last writes failing are known before it goes")
        }
    }
}
