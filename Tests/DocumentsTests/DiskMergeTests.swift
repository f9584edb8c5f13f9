import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Merge as the answer to a file changed under unsaved edits, while Tandem runs and across a relaunch.
final class DiskMergeTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("merge") }

    /// Opens `path` holding `text`, applies `edit`, then lets another program write `theirs`;
    /// returns once the store has asked about it.
    @MainActor
    private static func editedThenChanged(_ store: DocumentStore, _ path: String, _ text: String, _ edit: Edit, theirs: String) throws -> Document {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let document = try store.openFile(at: path)
        store.apply(edit, to: document)
        try theirs.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
        return document
    }

    /// Merge while another program is between two writes of the file (its first half on disk,
    /// the rest 50 ms later): the version merged, and kept as the base of the next merge, is the
    /// whole file, never its first half. (The wait for a version to hold still is lengthened to
    /// 2 s here, so a slow machine cannot stall the writer past it.)
    func testMergeNeverTakesInAHalfWrittenFile() throws {
        let path = temporary.file("moving.txt")
        let whole = "one\n" + String(repeating: "theirs A\n", count: 20_000)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            store.disk.settle = 2_000_000_000
            let document = try Self.editedThenChanged(store, path, "one\ntwo\n", .insert("mine ", at: 0), theirs: "one\ntwo\nthree\n")
            let bytes = Array(whole.utf8)
            let fd = open(path, O_WRONLY | O_TRUNC)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count / 2) }
            let writer = Thread {
                usleep(50_000)
                _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + $0.count / 2, $0.count - $0.count / 2) }
                close(fd)
            }
            writer.start()
            try store.mergeWithDiskWaited(document)
            XCTAssertEqual(document.file.base?.string, whole, "the version merged is the whole file")
            XCTAssertTrue(document.text.hasPrefix("mine one\n") && document.text.hasSuffix("theirs A\n"))
        }
    }

    func testChangesOnBothSidesMergeAsThePeersEditsAndSaveWithoutAsking() throws {
        let path = temporary.file("both.txt")
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try Self.editedThenChanged(store, path, "alpha\nbeta\ngamma\n", .insert("my ", at: 0), theirs: "alpha\nbeta\ngamma!\n")
            XCTAssertTrue(document.canMerge)
            XCTAssertEqual(try store.mergeWithDiskWaited(document), 0)
            XCTAssertEqual(document.text, "my alpha\nbeta\ngamma!\n")
            XCTAssertEqual(document.conflicts, [])
            XCTAssertFalse(document.hasUnseenDiskChange, "the question is answered")
            XCTAssertTrue(document.isDirty, "my change is not on disk yet")
            try store.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "my alpha\nbeta\ngamma!\n")
            store.undo(document)
            XCTAssertEqual(document.text, "alpha\nbeta\ngamma!\n", "Ctrl+Z takes back mine, never theirs")
            store.redo(document)
            XCTAssertEqual(document.text, "my alpha\nbeta\ngamma!\n")
        }
    }

    func testTheSameLineChangedTwiceIsMarkedAndSettledEachWay() throws {
        let path = temporary.file("conflict.txt")
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try Self.editedThenChanged(store, path, "one\ntwo\nthree\n", Edit(range: 4..<7, replacement: "mine"), theirs: "one\ntheirs\nthree\n")
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            XCTAssertEqual(try store.mergeWithDiskWaited(document), 1)
            XCTAssertEqual(document.text, "one\nmine\ntheirs\nthree\n", "both sides stay, mine first")
            XCTAssertEqual(document.conflicts, [MergeConflict(mine: 4..<9, theirs: 9..<16)])
            XCTAssertTrue(events.contains(.conflictsChanged))
            // Typing above the region moves it along.
            store.apply(.insert("0\n", at: 0), to: document)
            XCTAssertEqual(document.conflicts, [MergeConflict(mine: 6..<11, theirs: 11..<18)])
            store.settleConflict(0, in: document, choosing: .theirs)
            XCTAssertEqual(document.text, "0\none\ntheirs\nthree\n")
            XCTAssertEqual(document.conflicts, [])
            store.undo(document)
            XCTAssertEqual(document.text, "0\none\nmine\ntheirs\nthree\n", "settling is one undo step")
            _ = subscription
        }
    }

    func testSettlingMineOrBothKeepsWhatWasChosen() throws {
        let paths = [temporary.file("settle-mine.txt"), temporary.file("settle-both.txt")]
        try MainActor.assumeIsolated {
            for (path, (choice, expected)) in zip(paths, [(MergeConflict.Choice.mine, "a\nmine\nc\n"), (.both, "a\nmine\ntheirs\nc\n")]) {
                let store = DocumentStore()
                let document = try Self.editedThenChanged(store, path, "a\nb\nc\n", Edit(range: 2..<3, replacement: "mine"), theirs: "a\ntheirs\nc\n")
                try store.mergeWithDiskWaited(document)
                store.settleConflict(0, in: document, choosing: choice)
                XCTAssertEqual(document.text, expected)
                XCTAssertEqual(document.conflicts, [])
            }
        }
    }

    /// After a merge the version known is theirs: a second change merges against it.
    func testASecondChangeMergesAgainstTheVersionTheFirstMergeTook() throws {
        let path = temporary.file("twice.txt")
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try Self.editedThenChanged(store, path, "1\n2\n3\n4\n5\n", .insert("mine ", at: 0), theirs: "1\n2\n3\n4\n5!\n")
            try store.mergeWithDiskWaited(document)
            try "1\n2\n3!\n4\n5!\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            XCTAssertTrue(document.canMerge)
            XCTAssertEqual(try store.mergeWithDiskWaited(document), 0)
            XCTAssertEqual(document.text, "mine 1\n2\n3!\n4\n5!\n")
        }
    }

    /// A merge that makes the text the file's leaves a clean document, which then follows a file
    /// that only grows as it would after a load or a save: its tail appended as the other program's
    /// (read whole, the growth was an undo step).
    func testAMergeThatMakesTheFileFollowsGrowthByTheTail() throws {
        let path = temporary.file("grows.txt")
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            // Mine deleted the line, theirs changed it: the conflict keeps mine (nothing), then theirs.
            let document = try Self.editedThenChanged(store, path, "only line", .delete(0..<9), theirs: "only line!\n")
            try store.mergeWithDiskWaited(document)
            XCTAssertEqual(document.text, "only line!\n")
            XCTAssertFalse(document.isDirty, "the text is the file's")
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            let log = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            log.seekToEndOfFile()
            log.write(Data("more\n".utf8))
            log.closeFile()
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "only line!\nmore\n" })
            XCTAssertFalse(events.contains(.reloadedFromDisk), "followed by its tail, not read whole")
            XCTAssertFalse(document.isDirty)
            store.undo(document)
            XCTAssertTrue(document.text.hasSuffix("more\n"), "undo takes back only mine, never the other program's growth")
            withExtendedLifetime(subscription) {}
        }
    }

    /// Keep Mine answers the question for good: the file's version after it is one the document
    /// never held, so there is nothing to merge against until it is saved or reloaded.
    func testKeepMineLeavesNoBaseToMergeWith() throws {
        let path = temporary.file("keep.txt")
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try Self.editedThenChanged(store, path, "a\nb\n", .insert("x", at: 0), theirs: "a\nB\n")
            store.keepMine(document)
            try "a\nBB\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            XCTAssertFalse(document.canMerge)
            XCTAssertEqual(try store.mergeWithDiskWaited(document), 0)
            XCTAssertEqual(document.text, "xa\nb\n", "no merge without a base")
        }
    }

    /// The base comes from the undo history: the text at the state that matched the file.
    func testTheHistoryRebuildsTheTextOfAnyStateItKeeps() {
        var history = UndoHistory()
        var text = TextStorage("abc")
        for (offset, letter) in [(3, "d"), (0, "z"), (2, "-")] {
            let edit = Edit.insert(letter, at: offset)
            text.replace(edit.range, with: edit.replacement)
            history.record(edit, removed: "")
            history.seal()
        }
        XCTAssertEqual(history.text(atState: 0, from: text)?.string, "abc")
        XCTAssertEqual(history.text(atState: 2, from: text)?.string, "zabcd")
        _ = history.popUndo()
        let now = TextStorage("zabcd")
        XCTAssertEqual(history.text(atState: 3, from: now)?.string, "za-bcd", "a state undone is one redo away")
        XCTAssertNil(history.text(atState: 99, from: now))
        history.limit = 1
        history.record(.insert("!", at: 5), removed: "")
        XCTAssertNil(history.text(atState: 0, from: TextStorage("zabcd!")), "steps dropped: that state is out of reach")
        XCTAssertEqual(history.text(atState: 2, from: TextStorage("zabcd!"))?.string, "zabcd")
    }
}
