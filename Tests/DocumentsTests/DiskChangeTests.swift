import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Changes made to open files by other programs, seen through inotify.
final class DiskChangeTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }
    override func setUpWithError() throws { temporary = try TemporaryFolder("disk") }

    /// Polls the store's watcher until `condition` or 3 s. The watcher's own delivery goes through
    /// the main queue, which XCTest's run loop services late once GTK tests ran in the same
    /// process; the end-to-end tests cover that path in the real app.
    @MainActor static func wait(_ store: DocumentStore, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(3)
        while !condition() && Date() < deadline {
            store.pollDiskChanges()
            if !condition() { usleep(10_000) }
        }
        return condition()
    }

    func testCleanDocumentReloadsDirtyOneIsToldDeletedIsMarked() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/watched.txt"
            try "one\n".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }

            // Another program rewrites it in place: a clean document follows (how soon is the
            // benchmarks' to measure, not a test's).
            try "two\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(Self.wait(store) { document.text == "two\n" })
            XCTAssertTrue(events.contains(.reloadedFromDisk))
            XCTAssertFalse(document.isDirty)

            // Our own save is not a change on disk.
            events.removeAll()
            store.apply(.insert("x", at: 0), to: document)
            let reportsBefore = store.diskReportCount
            try store.saveNow(document)
            XCTAssertTrue(Self.wait(store) { store.diskReportCount > reportsBefore }, "the watcher saw our own save")
            XCTAssertFalse(events.contains(.reloadedFromDisk) || events.contains(.changedOnDiskWhileDirty))

            // Replaced by rename (as many editors save) while we have unsaved changes: we are told.
            store.apply(.insert("mine ", at: 0), to: document)
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(Self.wait(store) { events.contains(.changedOnDiskWhileDirty) })
            XCTAssertEqual(document.text, "mine xtwo\n", "unsaved text is never replaced without asking")
            try store.reloadFromDiskWaited(document)
            XCTAssertEqual(document.text, "theirs\n")
            XCTAssertFalse(document.isDirty)

            // Deleted: marked, still editable, and Save recreates it.
            events.removeAll()
            try FileManager.default.removeItem(atPath: path)
            XCTAssertTrue(Self.wait(store) { events.contains(.deletedOnDisk) })
            XCTAssertTrue(document.isDeletedOnDisk && document.isDirty)
            try store.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "theirs\n")
            XCTAssertFalse(document.isDeletedOnDisk || document.isDirty)
            _ = subscription
        }
    }

    func testRenameOnDiskFollowsTheFile() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let old = folder + "/before.txt", new = folder + "/after.txt"
            try "text\n".write(toFile: old, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: old)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            try FileManager.default.moveItem(atPath: old, toPath: new)
            XCTAssertTrue(Self.wait(store) { events.contains(.renamed(path: new)) })
            XCTAssertFalse(events.contains(.deletedOnDisk), "a rename is not a deletion")
            XCTAssertEqual(document.path, new)
            XCTAssertTrue(store.document(atPath: new) === document)
            store.apply(.insert("more ", at: 0), to: document)
            try store.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: new, encoding: .utf8), "more text\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: old))
            _ = subscription
        }
    }

    func testAFolderMovedThroughTandemTakesItsOpenDocumentsWithIt() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            try FileManager.default.createDirectory(atPath: folder + "/src/deep", withIntermediateDirectories: true)
            try "a\n".write(toFile: folder + "/src/a.txt", atomically: false, encoding: .utf8)
            try "b\n".write(toFile: folder + "/src/deep/b.txt", atomically: false, encoding: .utf8)
            try "c\n".write(toFile: folder + "/srcs.txt", atomically: false, encoding: .utf8)
            let a = try store.openFile(at: folder + "/src/a.txt")
            let b = try store.openFile(at: folder + "/src/deep/b.txt")
            let other = try store.openFile(at: folder + "/srcs.txt")
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: b) { events.append($0) }
            store.apply(.insert("unsaved ", at: 0), to: b)
            try FileManager.default.moveItem(atPath: folder + "/src", toPath: folder + "/lib")
            store.followMove(of: folder + "/src", to: folder + "/lib")
            XCTAssertEqual(a.path, folder + "/lib/a.txt")
            XCTAssertEqual(b.path, folder + "/lib/deep/b.txt")
            XCTAssertEqual(other.path, folder + "/srcs.txt", "a file whose name only starts alike stays")
            XCTAssertTrue(events.contains(.renamed(path: folder + "/lib/deep/b.txt")))
            XCTAssertEqual(b.text, "unsaved b\n")
            // What the watcher sees of the move later takes nothing for deleted.
            XCTAssertFalse(Self.wait(store) { b.isDeletedOnDisk || a.isDeletedOnDisk })
            try store.saveNow(b)
            XCTAssertEqual(try String(contentsOfFile: folder + "/lib/deep/b.txt", encoding: .utf8), "unsaved b\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/src"), "nothing written where it was")
            // And it is followed where it is now.
            try "changed\n".write(toFile: folder + "/lib/a.txt", atomically: false, encoding: .utf8)
            XCTAssertTrue(Self.wait(store) { a.text == "changed\n" })
            _ = subscription
        }
    }

    func testBurstsOfChangesAreRateLimited() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/burst.txt"
            try "0".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            var reloads = 0
            let subscription = store.subscribe(to: document) { if $0 == .reloadedFromDisk { reloads += 1 } }
            // 200 writes spread over about 0.4 s, the watcher asked after each: without the
            // rate limit (one report per 150 ms) each would be read. A loaded machine takes longer
            // over them, and the limit allows a report per 150 ms of it, and the last one after.
            let reportsBefore = store.diskReportCount
            let started = Date()
            for i in 1...200 {
                try "\(i)".write(toFile: path, atomically: false, encoding: .utf8)
                store.pollDiskChanges()
                usleep(2_000)
            }
            let allowed = Int(Date().timeIntervalSince(started) / 0.15) + 3
            XCTAssertTrue(Self.wait(store) { document.text == "200" })
            XCTAssertLessThanOrEqual(store.diskReportCount - reportsBefore, allowed, "200 writes in a burst are reported a few times, not 200")
            XCTAssertLessThanOrEqual(reloads, allowed, "and read a few times")
            _ = subscription
        }
    }

    /// A change on disk the user was told of but did not answer (the bar closed with its ×), or
    /// one not even reported yet, is never overwritten by Save until the user keeps their text.
    func testSaveNeverOverwritesAChangeOnDiskTheUserHasNotChosenToOverwrite() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/conflict.txt"
            try "base\n".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            store.apply(.insert("mine ", at: 0), to: document)

            // Told, not answered.
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(Self.wait(store) { events.contains(.changedOnDiskWhileDirty) })
            XCTAssertThrowsError(try store.saveNow(document)) { error in
                XCTAssertTrue((error as? TextFileError)?.isDiskConflict ?? false, "\(error)")
            }
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "theirs\n", "their change is still there")
            store.keepMine(document)
            try store.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mine base\n")

            // Changed again and saved before the watcher could say so: still a conflict.
            store.apply(.insert("more ", at: 0), to: document)
            try "again theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try store.saveNow(document))
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "again theirs\n")
            // Save As elsewhere is no conflict.
            try store.saveNow(document, to: folder + "/elsewhere.txt")
            XCTAssertEqual(try String(contentsOfFile: folder + "/elsewhere.txt", encoding: .utf8), "more mine base\n")
            _ = subscription
        }
    }

    /// A log that starts with a UTF-8 byte-order mark is followed by its tail too: the mark is
    /// part of the old bytes compared, not of the text.
    func testALogWithAByteOrderMarkIsFollowedByItsTail() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/marked.log"
            try Data([0xEF, 0xBB, 0xBF] + Array("first\n".utf8)).write(to: URL(fileURLWithPath: path))
            let document = try store.openFile(at: path)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            let log = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            log.seekToEndOfFile()
            log.write(Data("second\n".utf8))
            log.closeFile()
            XCTAssertTrue(Self.wait(store) { document.text == "first\nsecond\n" })
            XCTAssertFalse(events.contains(.reloadedFromDisk), "an append, not a reload")
            XCTAssertFalse(document.isDirty)
            _ = subscription
        }
    }

    /// A clean log another program appends to: each append arrives as an edit at the end (no
    /// reload, no re-read of what was there); half a character waits for its rest; a rewrite that
    /// is not growth is a reload.
    func testAFileThatOnlyGrowsIsFollowedByItsTail() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/app.log"
            var expected = String(repeating: "an old line of the log\n", count: 500)
            try expected.write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            let log = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            for index in 1...30 {
                let line = "line \(index) é😀\n"
                log.seekToEndOfFile()
                log.write(Data(line.utf8))
                expected += line
                XCTAssertTrue(Self.wait(store) { document.text == expected }, "append \(index)")
            }
            XCTAssertFalse(events.contains(.reloadedFromDisk), "no append was read as a reload")
            XCTAssertEqual(events.filter { if case .edited = $0 { true } else { false } }.count, 30)
            XCTAssertFalse(document.isDirty)

            // Half of "é" now, the other half later.
            let e = Array("é".utf8)
            log.write(Data([e[0]]))
            XCTAssertTrue(Self.wait(store) { store.diskReportCount > 0 && document.diskStamp == DiskStamp.of(path) })
            XCTAssertEqual(document.text, expected, "half a character is not shown")
            log.write(Data([e[1]] + Array("!\n".utf8)))
            expected += "é!\n"
            XCTAssertTrue(Self.wait(store) { document.text == expected })
            log.closeFile()

            // Rewritten, not grown: read whole.
            try "rewritten\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(Self.wait(store) { document.text == "rewritten\n" })
            XCTAssertTrue(events.contains(.reloadedFromDisk))
            _ = subscription
        }
    }
}
