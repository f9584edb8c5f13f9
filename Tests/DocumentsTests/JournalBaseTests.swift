import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A journal's base changed while Tandem was closed, an old draft from before journals, and the
/// reader fed damaged journals.
final class JournalBaseTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("journal-base") }

    /// Turns "one" into "ONE" in a file reading "one\ntwo\n" and leaves without saving;
    /// `quit` lets the store finish its journals as a quit does (a kill does not).
    @MainActor
    private static func leaveUnsavedEdit(_ path: String, in folder: String, quit: Bool) throws -> UUID {
        try "one\ntwo\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = EditJournalTests.journaledStore(folder)
        let document = try store.openFile(at: path)
        store.apply(Edit(range: 0..<3, replacement: "ONE"), to: document)
        if quit { store.finishJournals() } else { store.journals!.waitUntilWritten() }
        return document.draftID
    }

    @MainActor
    private static func relaunch(_ path: String?, _ id: UUID, in folder: String, warnings: inout [String]) throws -> Document {
        let store = EditJournalTests.journaledStore(folder)
        var said: [String] = []
        store.journals!.warn = { said.append($0) }
        defer { warnings = said }
        return try XCTUnwrap(store.restoreDocument(path: path, draftID: id, untitledName: nil))
    }

    /// After a quit the journal stands alone: the window comes back without reading the file, and
    /// another program's change to it, found off the main thread, is merged with the unsaved text
    /// (here both changed the first line: both sides stay, marked); Undo takes back only the
    /// user's edit, never the other program's text.
    func testAFileChangedWhileClosedAfterAQuitIsMergedWithTheUnsavedText() throws {
        let folder = temporary.path, path = temporary.file("quit.txt")
        try MainActor.assumeIsolated {
            let id = try Self.leaveUnsavedEdit(path, in: folder, quit: true)
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            var warnings: [String] = []
            let document = try Self.relaunch(path, id, in: folder, warnings: &warnings)
            XCTAssertEqual(document.text, "ONE\ntwo\n")
            XCTAssertTrue(document.isDirty)
            var events: [DocumentEvent] = []
            let subscription = EditJournalTests.lastStore!.subscribe(to: document) { events.append($0) }
            XCTAssertTrue(BackgroundSaveTests.spin { events.contains(.conflictsChanged) }, "merged once the file was read")
            XCTAssertEqual(document.text, "ONE\ntwo\ntheirs\n")
            XCTAssertEqual(document.conflicts, [MergeConflict(mine: 0..<8, theirs: 8..<15)])
            XCTAssertFalse(document.hasUnseenDiskChange, "the merge took the file's version in")
            XCTAssertTrue(document.isDirty)
            XCTAssertTrue(document.restoreNotice?.contains("marked to settle") ?? false, document.restoreNotice ?? "no notice")
            XCTAssertEqual(warnings, [])
            EditJournalTests.lastStore!.undo(document)
            XCTAssertEqual(document.text, "one\ntwo\ntheirs\n", "Undo takes back mine; theirs stays")
            _ = subscription
        }
    }

    /// A change to another line while Tandem was closed: both are there after the relaunch, and
    /// Save writes them without asking (the file's version was taken in).
    func testAChangeElsewhereWhileClosedIsCarriedWithTheEdits() throws {
        let folder = temporary.path, path = temporary.file("elsewhere.txt")
        try MainActor.assumeIsolated {
            let id = try Self.leaveUnsavedEdit(path, in: folder, quit: true)
            try "one\ntwo\nthree\n".write(toFile: path, atomically: true, encoding: .utf8)
            var warnings: [String] = []
            let document = try Self.relaunch(path, id, in: folder, warnings: &warnings)
            XCTAssertTrue(BackgroundSaveTests.spin { document.text == "ONE\ntwo\nthree\n" }, document.text)
            XCTAssertEqual(document.conflicts, [])
            XCTAssertFalse(document.hasUnseenDiskChange)
            try EditJournalTests.lastStore!.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "ONE\ntwo\nthree\n")
        }
    }

    /// After a quit, a file nobody touched: the restored document is as modified as it was, and
    /// once the file was read it knows its version (no change to report).
    func testAnUntouchedFileAfterAQuitIsNoChange() throws {
        let folder = temporary.path, path = temporary.file("untouched.txt")
        try MainActor.assumeIsolated {
            let id = try Self.leaveUnsavedEdit(path, in: folder, quit: true)
            var warnings: [String] = []
            let document = try Self.relaunch(path, id, in: folder, warnings: &warnings)
            XCTAssertTrue(BackgroundSaveTests.spin { document.diskStamp != nil }, "the file was read")
            XCTAssertFalse(document.hasUnseenDiskChange)
            XCTAssertTrue(document.isDirty)
            EditJournalTests.lastStore!.undo(document)
            XCTAssertFalse(document.isDirty, "undo comes back to the file's text")
        }
    }

    /// After a kill the journal's base is the file: a change elsewhere in it still takes the edits
    /// (they are applied where what they removed is still there), and it is reported.
    func testAFileChangedElsewhereAfterAKillTakesTheEdits() throws {
        let folder = temporary.path, path = temporary.file("killed.txt")
        try MainActor.assumeIsolated {
            let id = try Self.leaveUnsavedEdit(path, in: folder, quit: false)
            try "one\ntwo\nthree\n".write(toFile: path, atomically: true, encoding: .utf8)
            var warnings: [String] = []
            let document = try Self.relaunch(path, id, in: folder, warnings: &warnings)
            XCTAssertEqual(document.text, "ONE\ntwo\nthree\n")
            XCTAssertTrue(document.hasUnseenDiskChange)
        }
    }

    /// After a kill, a file changed where the edits were (or gone) cannot take them: the journal is
    /// kept aside, never deleted, and the document says where.
    func testEditsThatNoLongerFitAreKeptAside() throws {
        let folder = temporary.path, path = temporary.file("clash.txt")
        try MainActor.assumeIsolated {
            let id = try Self.leaveUnsavedEdit(path, in: folder, quit: false)
            try "completely different\n".write(toFile: path, atomically: true, encoding: .utf8)
            var warnings: [String] = []
            let document = try Self.relaunch(path, id, in: folder, warnings: &warnings)
            XCTAssertEqual(document.text, "completely different\n")
            let notice = try XCTUnwrap(document.restoreNotice)
            let aside = folder + "/journals/\(id.uuidString).journal.unapplied"
            XCTAssertTrue(notice.contains(aside), notice)
            XCTAssertEqual(warnings.count, 1)
            guard case .success(let kept) = JournalReader.read(aside) else { return XCTFail("the journal kept aside is not readable") }
            XCTAssertEqual(kept.changes.count, 1)
        }
    }

    /// A journal that cannot be moved aside (something is in the way) stays where it is: the
    /// document says that path, typing never writes over it, and a quit knows the text is not kept.
    func testEditsThatCannotBeMovedAsideAreNeverWrittenOver() throws {
        let folder = temporary.path, path = temporary.file("clash.txt")
        try MainActor.assumeIsolated {
            let id = try Self.leaveUnsavedEdit(path, in: folder, quit: false)
            let journal = folder + "/journals/\(id.uuidString).journal"
            let before = try Data(contentsOf: URL(fileURLWithPath: journal))
            try FileManager.default.createDirectory(atPath: journal + ".unapplied/in-the-way", withIntermediateDirectories: true)
            try "completely different\n".write(toFile: path, atomically: true, encoding: .utf8)
            var warnings: [String] = []
            let document = try Self.relaunch(path, id, in: folder, warnings: &warnings)
            let notice = try XCTUnwrap(document.restoreNotice)
            XCTAssertTrue(notice.contains(journal + ";"), notice)
            let store = try XCTUnwrap(EditJournalTests.lastStore)
            store.apply(.insert("typed after ", at: 0), to: document)
            store.journals!.waitUntilWritten()
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: journal)), before, "the journal kept is never written over")
            XCTAssertEqual(store.journals!.notDurable([document]).map(\.draftID), [document.draftID])
            XCTAssertNotNil(document.journalProblem, "the window says its text is not protected")
        }
    }

    /// A draft written by Tandem before journals comes back once and becomes a journal.
    func testADraftFromBeforeJournalsComesBack() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let id = UUID()
            try FileManager.default.createDirectory(atPath: folder + "/drafts", withIntermediateDirectories: true)
            let draft = folder + "/drafts/\(id.uuidString).draft"
            try Data("TANDEM-DRAFT 1\n{\"version\":1,\"untitledName\":\"Untitled Document 3\"}\nold unsaved text".utf8)
                .write(to: URL(fileURLWithPath: draft))
            let store = EditJournalTests.journaledStore(folder)
            store.journals!.legacyDraftFolder = folder + "/drafts"
            let document = try XCTUnwrap(store.restoreDocument(path: nil, draftID: id, untitledName: "Untitled Document 3"))
            XCTAssertEqual(document.text, "old unsaved text")
            store.journals!.waitUntilWritten()
            XCTAssertFalse(FileManager.default.fileExists(atPath: draft))
            let again = EditJournalTests.journaledStore(folder).restoreDocument(path: nil, draftID: id, untitledName: "Untitled Document 3")
            XCTAssertEqual(again?.text, "old unsaved text")
        }
    }

    /// Random damage to real journals: the reader and the replay never crash, hang or read past
    /// the bytes; what they give back is a prefix of what was written.
    func testFuzzedJournalsNeverCrash() throws {
        let folder = temporary.path
        let journals: [[UInt8]] = try MainActor.assumeIsolated {
            var samples: [[UInt8]] = []
            for (index, untitled) in [false, true].enumerated() {
                let store = EditJournalTests.journaledStore(folder)
                let path = folder + "/fuzz\(index).txt"
                try "fuzz base\n".write(toFile: path, atomically: true, encoding: .utf8)
                let document = untitled ? store.newUntitled() : try store.openFile(at: path)
                for step in 0..<30 {
                    store.apply(.insert(step % 7 == 0 ? "\n" : "é😀x", at: step % 5), to: document)
                    if step % 9 == 0 { store.undo(document) }
                }
                if !untitled { try store.saveNow(document) }
                store.apply(.delete(0..<3), to: document)
                store.journals!.waitUntilWritten()
                samples.append(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/journals/\(document.draftID.uuidString).journal"))))
            }
            return samples
        }
        let whole = journals.map { bytes -> [JournalRecord] in
            guard case .success(let contents) = JournalReader.parse(bytes[...]) else { return [] }
            return contents.changes
        }
        XCTAssertTrue(whole.allSatisfy { $0.count > 20 }, "the samples are real journals")
        var random = SplitMix64(testSeed: 2026)
        var clean = 0
        // TANDEM_FUZZ_RUNS=100000 for a longer run (the figure in README).
        let runs = Int(ProcessInfo.processInfo.environment["TANDEM_FUZZ_RUNS"] ?? "") ?? 4_000
        for run in 0..<runs {
            var bytes = journals[run % journals.count]
            let truncated = run % 4 == 0
            switch run % 4 {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            case 1: for _ in 0..<Int.random(in: 1...8, using: &random) { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            case 2: bytes = (0..<Int.random(in: 0...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            default:
                let at = Int.random(in: 0..<bytes.count, using: &random)
                bytes.insert(contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
            }
            if case .success(let contents) = JournalReader.parse(bytes[...]) {
                // A journal cut short gives back exactly the records before the cut.
                if truncated && !whole[run % journals.count].starts(with: contents.changes) { continue }
                _ = JournalReplay.replay(contents, fileText: TextStorage("fuzz base\n"))
            }
            clean += 1
        }
        XCTAssertEqual(clean, runs)
    }
}
