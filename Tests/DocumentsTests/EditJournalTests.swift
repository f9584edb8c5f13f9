import Foundation
import TestSupport
import XCTest
@testable import Documents

/// The edit journal: what a relaunch rebuilds from it, what a keystroke costs on disk, and what
/// a damaged, foreign or stale journal does (the good part is used, nothing crashes).
final class EditJournalTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("journal") }

    /// Every text the document goes through while undoing to the start and redoing to the end.
    @MainActor
    static func timeline(_ store: DocumentStore, _ document: Document) -> [String] {
        var texts = [document.text]
        while document.canUndo { store.undo(document); texts.append(document.text) }
        while document.canRedo { store.redo(document); texts.append(document.text) }
        return texts
    }

    /// The last store `journaledStore` made (a relaunch's, for tests that go on with it).
    @MainActor static var lastStore: DocumentStore?

    /// A store keeping journals in `folder/journals`.
    @MainActor
    static func journaledStore(_ folder: String, floor: Int? = nil) -> DocumentStore {
        let store = DocumentStore()
        lastStore = store
        let journals = JournalStore(folder: folder + "/journals")
        if let floor { journals.compactionFloor = floor }
        store.journals = journals
        return store
    }

    /// Random edits (some at many carets at once), undos, redos, saves and compactions: a relaunch gives the same text, the same
    /// dirty state and the same history (the same texts undoing all the way and redoing back).
    func testReplayGivesTheDocumentAndItsHistoryBack() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            for seed in UInt64(1)...40 {
                var random = SplitMix64(testSeed: seed)
                let path = folder + "/file\(seed).txt"
                try "first line\nsecond line\n".write(toFile: path, atomically: true, encoding: .utf8)
                let store = Self.journaledStore(folder, floor: seed % 3 == 0 ? 200 : nil)
                let untitled = seed % 4 == 0
                let document = untitled ? store.newUntitled() : try store.openFile(at: path)
                for _ in 0..<Int.random(in: 20...120, using: &random) {
                    let count = document.storage.count
                    switch Int.random(in: 0..<20, using: &random) {
                    case 0..<3: store.undo(document)
                    case 3..<5: store.redo(document)
                    case 5 where !untitled: try store.saveNow(document)
                    case 6: store.sealUndoStep(document)
                    case 7:
                        // A key at many carets: edits apart, one batch, one undo step.
                        var edits: [Edit] = [], from = 0
                        for _ in 0..<Int.random(in: 1...3, using: &random) where from <= count {
                            let lower = Int.random(in: from...count, using: &random)
                            let upper = min(count, lower + Int.random(in: 0...2, using: &random))
                            edits.append(Edit(range: lower..<upper, replacement: ["x", "é", "", "\n"].randomElement(using: &random)!))
                            from = upper + 1
                        }
                        store.apply(together: edits, to: document)
                    default:
                        let lower = Int.random(in: 0...count, using: &random)
                        let upper = min(count, lower + Int.random(in: 0...3, using: &random))
                        let text = ["a", "é", "😀", "\n", "", "word ", "zz"].randomElement(using: &random)!
                        store.apply(Edit(range: lower..<upper, replacement: text), to: document)
                    }
                }
                store.journals!.waitUntilWritten()
                store.journals = nil  // what follows must not write to the journal the relaunch reads
                let relaunched = Self.journaledStore(folder)
                var warnings: [String] = []
                relaunched.journals!.warn = { warnings.append($0) }
                let restored = try XCTUnwrap(relaunched.restoreDocument(path: untitled ? nil : path, draftID: document.draftID,
                                                                        untitledName: untitled ? document.untitledName : nil), "seed \(seed)")
                XCTAssertEqual(warnings, [], "seed \(seed): the whole journal replays")
                XCTAssertEqual(restored.text, document.text, "seed \(seed)")
                XCTAssertEqual(restored.isDirty, document.isDirty, "seed \(seed)")
                XCTAssertFalse(restored.hasUnseenDiskChange, "seed \(seed)")
                relaunched.journals = nil
                XCTAssertEqual(Self.timeline(relaunched, restored), Self.timeline(store, document), "seed \(seed)")
            }
        }
    }

    /// A journal read back goes on: what is typed after a relaunch (or a reopen, after the
    /// document's last window closed) is there after the next relaunch, undo included.
    /// Reopen Closed Window reads a journal whose last records may still be on the writer's
    /// queue: it is called back once they are written (the main loop running meanwhile, never
    /// waiting), and the document comes back with every keystroke.
    func testAJournalIsReadBackOnlyOnceItsRecordsAreWrittenWithoutWaiting() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/closed.txt"
            try "base\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = Self.journaledStore(folder)
            let document = try store.openFile(at: path)
            withExtendedLifetime(store.subscribe(to: document) { _ in }) {
                for word in ["one ", "two ", "three "] { store.apply(.insert(word, at: 0), to: document) }
            }
            // The last window closed: the journal is closed on the writer's queue, after the records.
            XCTAssertNil(store.openDocuments.first { $0 === document })
            var restored: Document?
            var calledAtOnce = true
            store.whenJournalsWritten {
                restored = store.restoreDocument(path: path, draftID: document.draftID, untitledName: nil)
            }
            calledAtOnce = restored != nil
            XCTAssertFalse(calledAtOnce, "records were on their way: the read waits for them, not the main thread")
            XCTAssertTrue(BackgroundSaveTests.spin { restored != nil })
            XCTAssertEqual(restored?.text, "three two one base\n")
            // The restore took the journal up again (a job of its own); once that is written,
            // with nothing on its way, the next caller is answered at once.
            var settled = false
            store.whenJournalsWritten { settled = true }
            XCTAssertTrue(BackgroundSaveTests.spin { settled })
            var again = false
            store.whenJournalsWritten { again = true }
            XCTAssertTrue(again)
        }
    }

    func testEditsAfterARelaunchAreJournaledToo() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/again.txt"
            try "base\n".write(toFile: path, atomically: true, encoding: .utf8)
            var store = Self.journaledStore(folder)
            let document = try store.openFile(at: path)
            store.apply(.insert("one ", at: 0), to: document)
            store.journals!.waitUntilWritten()
            for (round, word) in ["two ", "three "].enumerated() {
                store.journals = nil
                store = Self.journaledStore(folder)
                let restored = try XCTUnwrap(store.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
                store.sealUndoStep(restored)
                store.apply(.insert(word, at: 0), to: restored)
                if round == 1 {
                    // The last window closes and the document is reopened in the same run.
                    _ = store.subscribe(to: restored) { _ in }  // released at once: the last window closes
                    store.journals!.waitUntilWritten()  // as Reopen Closed Window's whenJournalsWritten does, without a main loop
                    let reopened = try XCTUnwrap(store.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
                    store.apply(.insert("four ", at: 0), to: reopened)
                }
                store.journals!.waitUntilWritten()
            }
            store.journals = nil
            let last = Self.journaledStore(folder)
            let restored = try XCTUnwrap(last.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, "four three two one base\n")
            last.journals = nil
            XCTAssertEqual(Self.timeline(last, restored).prefix(5), ["four three two one base\n", "three two one base\n",
                                                                       "two one base\n", "one base\n", "base\n"])
        }
    }

    /// Found by the journal property: after a save, an edit that leaves the text as it was still
    /// makes the document modified, and a relaunch keeps it so (the file is as the journal knew it).
    func testAModifiedDocumentWhoseTextEqualsItsFileStaysModified() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/same.txt"
            try "start\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = Self.journaledStore(folder)
            let document = try store.openFile(at: path)
            store.apply(Edit(range: 5..<6, replacement: "x"), to: document)
            try store.saveNow(document)
            store.apply(Edit(range: 5..<6, replacement: "x"), to: document)
            XCTAssertTrue(document.isDirty)
            store.journals!.waitUntilWritten()
            store.journals = nil
            let restored = try XCTUnwrap(Self.journaledStore(folder).restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, "startx")
            XCTAssertTrue(restored.isDirty)
        }
    }

    /// Typing into a big file writes what was typed, not the file.
    func testAKeystrokeWritesAFewBytes() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/big.txt"
            try String(repeating: "a line of a big file, long enough to count\n", count: 50_000).write(toFile: path, atomically: true, encoding: .utf8)
            let store = Self.journaledStore(folder)
            let document = try store.openFile(at: path, synchronously: true)
            for index in 0..<40 { store.apply(.insert("x", at: 1000 + index), to: document) }
            store.journals!.waitUntilWritten()
            let journal = folder + "/journals/\(document.draftID.uuidString).journal"
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int)
            XCTAssertLessThan(size, 4096, "40 keystrokes into 2 MB")
            let attributes = try FileManager.default.attributesOfItem(atPath: journal)
            XCTAssertEqual((attributes[.posixPermissions] as? Int), 0o600)
            let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder + "/journals")
            XCTAssertEqual((folderAttributes[.posixPermissions] as? Int), 0o700)
        }
    }

    /// A journal cut short (a crash mid-write) gives back everything before the torn record.
    func testATornLastRecordIsDroppedAndTheRestUsed() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/torn.txt"
            try "base\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = Self.journaledStore(folder)
            let document = try store.openFile(at: path)
            store.apply(.insert("one ", at: 0), to: document)
            store.sealUndoStep(document)
            store.apply(.insert("two ", at: 4), to: document)
            store.journals!.waitUntilWritten()
            let journal = folder + "/journals/\(document.draftID.uuidString).journal"
            let bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
            try bytes.dropLast(3).write(to: URL(fileURLWithPath: journal))
            let relaunched = Self.journaledStore(folder)
            var warnings: [String] = []
            relaunched.journals!.warn = { warnings.append($0) }
            let restored = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, "one base\n")
            XCTAssertEqual(warnings.count, 1)
            XCTAssertTrue(warnings[0].contains("torn"), warnings[0])
            relaunched.undo(restored)
            XCTAssertEqual(restored.text, "base\n")
            // The journal began again without its torn tail: typing on and relaunching keeps both.
            relaunched.apply(.insert("three ", at: 0), to: restored)
            relaunched.journals!.waitUntilWritten()
            let third = Self.journaledStore(folder).restoreDocument(path: path, draftID: document.draftID, untitledName: nil)
            XCTAssertEqual(third?.text, "three base\n")
        }
    }

    /// Garbage, another version, a link planted in place of the journal, or the journal of another
    /// file: skipped with one line, and the file opens as it is.
    func testForeignJournalsAreSkipped() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let path = folder + "/mine.txt", other = folder + "/other.txt"
            try "mine\n".write(toFile: path, atomically: true, encoding: .utf8)
            try "other\n".write(toFile: other, atomically: true, encoding: .utf8)
            let store = Self.journaledStore(folder)
            let document = try store.openFile(at: other)
            store.apply(.insert("edited ", at: 0), to: document)
            store.journals!.waitUntilWritten()
            let journal = folder + "/journals/\(document.draftID.uuidString).journal"
            let good = try Data(contentsOf: URL(fileURLWithPath: journal))
            let cases: [(String, () throws -> Void)] = [
                ("another document", { try good.write(to: URL(fileURLWithPath: journal)) }),
                ("garbage", { try Data("\0\u{ff} not a journal".utf8).write(to: URL(fileURLWithPath: journal)) }),
                ("a bad checksum", { var bad = good; bad[JournalRecord.magic.count + 12] ^= 0x20; try bad.write(to: URL(fileURLWithPath: journal)) }),
                ("a planted link", {
                    try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: other)
                }),
            ]
            for (name, plant) in cases {
                try? FileManager.default.removeItem(atPath: journal)
                try plant()
                let relaunched = Self.journaledStore(folder)
                var warnings: [String] = []
                relaunched.journals!.warn = { warnings.append($0) }
                let restored = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil), name)
                XCTAssertEqual(warnings.count, 1, name)
                XCTAssertEqual(restored.text, "mine\n", name)
                XCTAssertFalse(restored.isDirty, name)
            }
            // A journal of a version this Tandem does not know is refused, not misread.
            var header = JournalHeader(path: path, untitledName: nil, hasSnapshot: false, file: nil, savedStateID: 0)
            header.version = 9
            let foreign = JournalRecord.magic + JournalRecord.header(header).framed() + JournalRecord.history(UndoHistory().encoded()).framed()
            guard case .failure(.unusable(let why)) = JournalReader.parse(foreign[...]) else { return XCTFail("another version was read") }
            XCTAssertTrue(why.contains("version"), why)
        }
    }
}
