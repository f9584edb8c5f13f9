import Foundation
import SafeFiles
import TestSupport
import XCTest
@testable import Documents

/// The journal under every fault of its writes, SQLite's way: its beginning, the appends of
/// typing and of a paste, a save's record and a compaction, each call failing in turn (once, or
/// from then on). After each, the document's unsaved text is in its journal or it is known not
/// to be (a quit asks); once the fault is gone, the journal catches up with what it missed, says
/// so, and a relaunch gives the whole text back.
final class JournalFaultTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("journal-faults") }

    /// The typing a journal writes: its beginning, keystrokes, a paste, a save, a compaction.
    @MainActor private static func type(into store: DocumentStore, _ document: Document) throws {
        store.apply(.insert("a", at: 0), to: document)
        store.journals!.waitUntilWritten()
        for letter in "bcd" { store.apply(.insert(String(letter), at: document.text.count), to: document) }
        store.journals!.waitUntilWritten()
        store.apply(.insert(String(repeating: "pasted ", count: 300), at: 2), to: document)
        store.journals!.waitUntilWritten()
        try store.saveNow(document)
        store.apply(.insert("e", at: 0), to: document)
        store.journals!.begin(document)  // a compaction
        store.apply(.insert("f", at: 0), to: document)
    }

    @MainActor private static func run(_ plan: FaultPlan, in root: String, label: String) throws {
        let folder = root + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/notes.txt"
        try "Dear reader,\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = DocumentStore()
        let journals = JournalStore(folder: folder + "/journals", calls: plan.calls)
        var said: [String] = []
        journals.warn = { said.append($0) }
        store.journals = journals
        let document = try store.openFile(at: path)
        var problemSaid = false
        let subscription = store.subscribe(to: document) { event in
            if event == .journalProblemChanged && document.journalProblem != nil { problemSaid = true }
        }
        defer { _ = subscription }
        try type(into: store, document)
        let atRisk = journals.notDurable([document])
        guard plan.wasHit || plan.nth == .max else { return }
        if atRisk.isEmpty {
            XCTAssertEqual(try replayed(folder, path, document), document.text, "\(label): a journal that says it is whole is")
        } else {
            XCTAssertTrue(BackgroundSaveTests.spin(timeout: 3) { problemSaid }, "\(label): the document says so")
            XCTAssertEqual(said.count, 1, "\(label): the trouble is said once: \(said)")
        }
        guard !plan.persistent else { return }
        // The fault was one call: the journal catches up by itself, within the longest back-off.
        XCTAssertTrue(BackgroundSaveTests.spin(timeout: 5) { journals.notDurable([document]).isEmpty && document.journalProblem == nil },
                      "\(label): the journal catches up and the document stops saying so")
        XCTAssertEqual(try replayed(folder, path, document), document.text, "\(label): all of the text is in it")
        XCTAssertLessThanOrEqual(said.count, 1, "\(label): said once at most: \(said)")
    }

    /// The text a relaunch gets back from the journal.
    @MainActor private static func replayed(_ folder: String, _ path: String, _ document: Document) throws -> String? {
        let relaunched = EditJournalTests.journaledStore(folder)
        relaunched.journals!.waitUntilWritten()
        return relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil)?.text
    }

    func testEveryCallOfTheJournalFailsInTurn() throws {
        let root = temporary.path
        try MainActor.assumeIsolated {
            @MainActor func run(_ plan: FaultPlan, label: String) throws { try Self.run(plan, in: root, label: label) }
            let census = FaultPlan.counting()
            try run(census, label: "no fault")
            var runs = 0
            for kind in FileCalls.Kind.allCases where census.count(of: kind) > 0 && kind != .unlink {
                for nth in 1...census.count(of: kind) {
                    for (code, persistent) in [(ENOSPC, false), (EIO, false), (EROFS, false), (EDQUOT, true), (ENOSPC, true)] {
                        let plan = FaultPlan(kind, nth: nth, code: code, persistent: persistent)
                        try run(plan, label: "\(kind) #\(nth) \(persistent ? "onwards" : "once") errno \(code)")
                        runs += 1
                    }
                    if kind == .write {
                        try run(FaultPlan(.write, nth: nth, code: ENOSPC, partial: true), label: "write #\(nth) torn")
                    }
                }
            }
            XCTAssertGreaterThan(runs, 50)
        }
    }
}
