import Foundation
import TestSupport
import XCTest
@testable import Documents

/// The file on disk as a versioned peer: nothing is adopted unseen, and no change of the text
/// made for the disk is final (Ctrl+Z brings the previous text back).
final class DiskVersionTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }
    override func setUpWithError() throws { temporary = try TemporaryFolder("version") }

    /// Emacs (and Vim with backupcopy=no) rename the file to a backup, then write a new file
    /// under the old name: the document stays on its file and sees the new text; it never
    /// becomes the backup's.
    func testARenameToABackupThenANewFileIsAChangeNotARename() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/notes.txt", backup = path + "~"
            try "one\n".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }

            try FileManager.default.moveItem(atPath: path, toPath: backup)
            try "two\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "two\n" }, document.text)
            XCTAssertEqual(document.path, path)
            XCTAssertFalse(events.contains(.renamed(path: backup)), "the backup was taken for the file")
            XCTAssertTrue(store.document(atPath: path) === document)
            XCTAssertNil(store.document(atPath: backup))

            // Edited, and saved that way again by the other program: asked, never adopted.
            store.apply(.insert("mine ", at: 0), to: document)
            try FileManager.default.removeItem(atPath: backup)
            try FileManager.default.moveItem(atPath: path, toPath: backup)
            try "three\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { events.contains(.changedOnDiskWhileDirty) })
            XCTAssertEqual(document.text, "mine two\n")
            XCTAssertEqual(document.path, path)
            // Saving would overwrite their change: refused until the user keeps theirs.
            XCTAssertThrowsError(try store.saveNow(document))
            store.keepMine(document)
            try store.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mine two\n")
            XCTAssertEqual(try String(contentsOfFile: backup, encoding: .utf8), "two\n", "the backup is left alone")
            _ = subscription
        }
    }

    /// A file moved onto the file another document shows: that document's file changed, and the
    /// moved one's is gone; never two documents on one file.
    func testAFileMovedOntoAnotherOpenFileKeepsOneDocumentPerFile() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let a = folder + "/a.txt", b = folder + "/b.txt"
            try "alpha\n".write(toFile: a, atomically: false, encoding: .utf8)
            try "beta\n".write(toFile: b, atomically: false, encoding: .utf8)
            let first = try store.openFile(at: a), second = try store.openFile(at: b)
            XCTAssertEqual(rename(a, b), 0)  // as mv does: over the other file
            XCTAssertTrue(DiskChangeTests.wait(store) { second.text == "alpha\n" && first.isDeletedOnDisk })
            XCTAssertEqual(first.path, a)
            XCTAssertEqual(store.openDocuments.filter { $0.identity == .file(canonicalPath: DocumentStore.canonicalPath(b)) }.count, 1)
        }
    }

    /// A change into something that is not text (NUL bytes) or that cannot be read is said, and
    /// counts as unseen: Save asks before overwriting it, Keep Mine lets it.
    func testAChangeThatCannotBeReadIsSaidAndNeverTakenAsSeen() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/data.txt"
            try "text\n".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            store.apply(.insert("mine ", at: 0), to: document)

            try Data([0x41, 0, 0x42, 0x0A]).write(to: URL(fileURLWithPath: path))
            XCTAssertTrue(DiskChangeTests.wait(store) { events.contains(.changedOnDiskUnreadable) })
            XCTAssertNotNil(document.diskProblem)
            XCTAssertTrue(document.hasUnseenDiskChange)
            XCTAssertEqual(document.text, "mine text\n")
            XCTAssertThrowsError(try store.saveNow(document)) { XCTAssertTrue(($0 as? TextFileError)?.isDiskConflict ?? false) }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([0x41, 0, 0x42, 0x0A]), "their bytes are untouched")

            // A clean document does not take it either.
            store.keepMine(document)
            XCTAssertNil(document.diskProblem)
            try store.saveNow(document)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mine text\n")
            events.removeAll()
            try Data([0, 1, 2]).write(to: URL(fileURLWithPath: path))
            XCTAssertTrue(DiskChangeTests.wait(store) { events.contains(.changedOnDiskUnreadable) })
            XCTAssertEqual(document.text, "mine text\n")
            XCTAssertThrowsError(try store.saveNow(document))

            // Text again: a clean document follows it and the problem is gone.
            try "fine\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "fine\n" })
            XCTAssertNil(document.diskProblem)
            XCTAssertFalse(document.hasUnseenDiskChange)
            _ = subscription
        }
    }

    /// A clean document follows its file as another program's edits: nothing the user can undo.
    /// Reload over unsaved edits takes them back as the user's one undo step: Ctrl+Z
    /// brings them back over the file's new text, in every view.
    /// A line deleted, then another program puts a word before that line and a line after it;
    /// Reload, then Ctrl+Z: the deletion comes back, and what the other program put around the
    /// line stays (its change is two insertions, not one replacement of the line).
    func testUndoAfterAReloadKeepsWhatAnotherProgramPutAroundTheLine() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/around.txt"
            try "only line\n".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            store.apply(Edit(range: 0..<10, replacement: ""), to: document)
            try "gamma only line\nüber\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            try store.reloadFromDiskWaited(document)
            XCTAssertEqual(document.text, "gamma only line\nüber\n")
            store.undo(document)
            XCTAssertEqual(document.text, "gamma über\n")
        }
    }

    func testFollowingIsNotTheUsersToUndoAndReloadIs() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/undo.txt"
            try "first line\nsecond line\nthird line\n".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            var view = document.text
            let subscription = store.subscribe(to: document) { event in
                if case .edited(let edit, _, _) = event {
                    var scalars = Array(view.unicodeScalars)
                    scalars.replaceSubrange(edit.range, with: Array(edit.replacement.unicodeScalars))
                    view = String(String.UnicodeScalarView(scalars))
                }
            }
            // Followed while clean, as the smallest edit.
            var edits: [Edit] = []
            let edits_ = store.subscribe(to: document) { if case .edited(let edit, _, _) = $0 { edits.append(edit) } }
            try "first line\nsecond LINE\nthird line\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "first line\nsecond LINE\nthird line\n" })
            XCTAssertEqual(edits, [Edit(range: 18..<22, replacement: "LINE")])
            XCTAssertFalse(document.isDirty)
            XCTAssertFalse(document.canUndo, "the other program's change is not the user's to undo")

            // Reloaded over unsaved edits: one undo step brings them back.
            store.apply(.insert("my words ", at: 0), to: document)
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            try store.reloadFromDiskWaited(document)
            XCTAssertEqual(document.text, "theirs\n")
            XCTAssertFalse(document.isDirty)
            XCTAssertFalse(document.hasUnseenDiskChange)
            store.undo(document)
            XCTAssertEqual(document.text, "my words theirs\n", "the user's words come back; the file's text stays")
            XCTAssertTrue(document.isDirty)
            XCTAssertEqual(view, document.text, "the view followed every step")
            _ = (subscription, edits_)
        }
    }

    /// Keep Mine is an answer for the document: every window hears it.
    func testKeepMineIsToldToEveryWindow() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/asked.txt"
            try "base\n".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            var heard = [0, 0]
            let windows = (0..<2).map { index in store.subscribe(to: document) { if $0 == .diskChangeSeen { heard[index] += 1 } } }
            store.apply(.insert("x", at: 0), to: document)
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.hasUnseenDiskChange })
            store.keepMine(document)
            XCTAssertEqual(heard, [1, 1])
            XCTAssertFalse(document.hasUnseenDiskChange)
            _ = windows
        }
    }

    /// Spins the main run loop (loads and saves finish there) and reads the watcher, until
    /// `condition` or 20 s.
    @MainActor private static func spin(_ store: DocumentStore, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while !condition() && Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.01))
            store.pollDiskChanges()
        }
        return condition()
    }

    /// `git checkout` replaces a big file while it streams in: once loaded, the document shows the
    /// new file, never the old text as if it were the file; the change is not the user's to undo.
    func testAFileReplacedWhileItLoadsIsFollowedOnceLoaded() throws {
        let folder = self.folder
        let path = folder + "/big.txt"
        let old = String(repeating: "the old version of a big file\n", count: 200_000)  // 6 MB
        try old.write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            XCTAssertTrue(document.isLoading)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            // Replaced once the loader is reading the old file.
            XCTAssertTrue(Self.spin(store) { events.contains { if case .loadProgressed = $0 { true } else { false } } })
            try "the new version\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(Self.spin(store) { !document.isLoading && document.text == "the new version\n" }, "\(document.text.prefix(40))")
            XCTAssertFalse(document.isDirty)
            XCTAssertFalse(document.canUndo)
            _ = subscription
        }
    }

    /// A change that lands after Tandem wrote the file but before the save finished is someone
    /// else's: followed (clean) as a change, not taken as what was saved. One that lands before the
    /// write began stops the save: their file is not overwritten.
    func testAChangeDuringASaveIsSeen() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/saved.txt"
            try "base\n".write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            store.apply(.insert("mine ", at: 0), to: document)
            var failure: TextFileError?? = .none
            try store.save(document) { failure = .some($0) }
            store.waitForSaves()  // written; the main thread has not heard yet
            try "formatted\n".write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(Self.spin(store) { failure != nil && document.text == "formatted\n" }, document.text)
            XCTAssertNil(failure!)
            // The other program rewrote the line the user typed in: undo makes it what the user had.
            store.undo(document)
            XCTAssertEqual(document.text, "base\n", "the user's typing is one undo away")

            // Changed before the write: the save is refused, their text stays.
            try store.saveNow(document)
            store.apply(.insert("again ", at: 0), to: document)
            let gate = DispatchSemaphore(value: 0)
            store.saveQueue.async { gate.wait() }
            failure = .none
            try store.save(document) { failure = .some($0) }
            try "theirs\n".write(toFile: path, atomically: true, encoding: .utf8)
            gate.signal()
            XCTAssertTrue(Self.spin(store) { failure != nil })
            XCTAssertEqual(failure??.isDiskConflict, true)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "theirs\n")
            XCTAssertTrue(Self.spin(store) { document.hasUnseenDiskChange }, "and the change is said")
            XCTAssertEqual(document.text, "again base\n")
        }
    }

    /// Save As onto a file another window shows would make two documents of one file: refused.
    func testSaveAsOntoAnOpenFileIsRefused() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let a = folder + "/a.txt", b = folder + "/b.txt"
            try "alpha\n".write(toFile: b, atomically: false, encoding: .utf8)
            let other = try store.openFile(at: b)
            let document = try store.openFile(at: a)
            store.apply(.insert("new", at: 0), to: document)
            XCTAssertThrowsError(try store.saveNow(document, to: b)) { XCTAssertFalse(($0 as? TextFileError)?.isDiskConflict ?? true) }
            XCTAssertEqual(try String(contentsOfFile: b, encoding: .utf8), "alpha\n")
            XCTAssertEqual(other.text, "alpha\n")
            XCTAssertEqual(document.path, a)
            try store.saveNow(document, to: folder + "/c.txt")
            XCTAssertEqual(store.openDocuments.count, 2)
        }
    }

    /// A program that rewrites earlier bytes (the same length) and appends: not taken for growth,
    /// the whole file is read, so Save never reverts the earlier change.
    func testARewriteThatAlsoGrowsIsNotTakenForAnAppend() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/log.txt"
            let head = String(repeating: "a line of the log\n", count: 1_000)
            try ("first\n" + head).write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            let log = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
            log.seek(toFileOffset: 0)
            log.write(Data("FIRST\n".utf8))
            log.seekToEndOfFile()
            log.write(Data("appended\n".utf8))
            log.closeFile()
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text.hasSuffix("appended\n") })
            XCTAssertEqual(document.text, "FIRST\n" + head + "appended\n")
        }
    }

    /// The same in a big file (5 MB), where the changed bytes lie between the blocks a sampled
    /// check would read: the whole old part is compared with the text, so the change is taken in
    /// (before, the old middle stayed in the clean document and the next Save wrote it back).
    func testARewriteOfABigFilesMiddleThatAlsoGrowsIsNotTakenForAnAppend() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/big.log"
            let line = "a line of a big log\n"
            let lines = Array(repeating: line, count: 5_000_000 / line.utf8.count)
            try lines.joined().write(toFile: path, atomically: false, encoding: .utf8)
            let document = try store.openFile(at: path)
            XCTAssertTrue(Self.spin(store) { !document.isLoading })
            // Line 124,000 starts at byte 2,480,000: halfway between two of 16 samples (stride ~333 KB).
            let middle = 124_000, offset = UInt64(middle * line.utf8.count)
            let log = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
            log.seek(toFileOffset: offset)
            log.write(Data("A LINE".utf8))
            log.seekToEndOfFile()
            log.write(Data("appended\n".utf8))
            log.closeFile()
            var expected = lines
            expected[middle] = "A LINE" + line.dropFirst(6)
            XCTAssertTrue(Self.spin(store) { document.text.hasSuffix("appended\n") })
            XCTAssertTrue(document.text == expected.joined() + "appended\n", "the middle's change is taken in")
            XCTAssertFalse(document.isDirty)
        }
    }

    /// The smallest edit between two texts, checked against applying it, on random texts.
    func testDifferenceTurnsOneTextIntoTheOther() {
        var random = SplitMix64(testSeed: 27)
        let alphabet = Array("ab\n\r é😀")
        for _ in 0..<2_000 {
            let old = String((0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            var new = Array(old.unicodeScalars)
            let at = new.isEmpty ? 0 : Int(random.next() % UInt64(new.count + 1))
            let cut = min(new.count - at, Int(random.next() % 3))
            new.replaceSubrange(at..<(at + cut), with: Array(String((0..<Int(random.next() % 3)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }).unicodeScalars))
            let target = String(String.UnicodeScalarView(new))
            guard let edit = Edit.difference(from: old, to: target) else {
                XCTAssertEqual(old, target)
                continue
            }
            var scalars = Array(old.unicodeScalars)
            scalars.replaceSubrange(edit.range, with: Array(edit.replacement.unicodeScalars))
            XCTAssertEqual(String(String.UnicodeScalarView(scalars)), target)
            XCTAssertLessThanOrEqual(edit.range.count, cut, "no larger than the change made (\(old.debugDescription) → \(target.debugDescription))")
        }
    }
}

/// Ctrl+S pressed again while a save is on its way waits for it: it replaces what the
/// first save writes, and never fails with a false "changed on disk".
final class SaveTwiceTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("save-twice") }

    func testASecondSaveDuringTheFirstReplacesWhatTheFirstWrote() throws {
        let path = temporary.file("twice.txt")
        try "base\n".write(toFile: path, atomically: false, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            let gate = DispatchSemaphore(value: 0)
            store.saveQueue.async { gate.wait() }
            store.apply(.insert("one ", at: 0), to: document)
            var results: [TextFileError?] = []
            try store.save(document) { results.append($0) }
            store.apply(.insert("two ", at: 0), to: document)
            try store.save(document) { results.append($0) }
            gate.signal()
            let deadline = Date().addingTimeInterval(10)
            while results.count < 2 && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
            XCTAssertEqual(results.count, 2)
            XCTAssertTrue(results.allSatisfy { $0 == nil }, "\(results.compactMap { $0?.message })")
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "two one base\n")
            XCTAssertFalse(document.isDirty)
            XCTAssertFalse(store.hasDiskConflict(document))
        }
    }
}
