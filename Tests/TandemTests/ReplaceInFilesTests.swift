import Documents
import Foundation
import Gtk
import TestSupport
import XCTest
@testable import Tandem

/// Replace in Files through the store: files no window holds are saved, an open one is only
/// edited, one undo takes each back (a file edited since keeps its text and is named), and a
/// file that cannot be saved (a full disk) keeps its old bytes on disk and its new text in a
/// window. The full disk is a tmpfs (`SmallDisk`): root only, as CI is.
final class ReplaceInFilesTests: XCTestCase {
    func testReplacedFilesAreSavedOrEditedAndOneUndoTakesThemBack() throws {
        let folder = NSTemporaryDirectory() + "tandem-replace-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in ["a.txt": "one word\nword two\n", "b.txt": "word\n", "open.txt": "open word\n", "later.txt": "word\n"] {
            try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
        }
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let open = try store.openFile(at: folder + "/open.txt", synchronously: true)
            let subscription = store.subscribe(to: open) { _ in }  // a window holds it
            let pattern = try TextPattern(text: "w(o)rd", isRegex: true, isCaseSensitive: true, matchesWholeWords: false)
            var shown: [String] = []
            let change = ReplaceInFiles(store: store) { shown.append($0) }
            var problems: [String]?
            change.replace(pattern, with: "t\\1rm", in: [(folder + "/a.txt", [2]), (folder + "/b.txt", [1]), (folder + "/open.txt", [1]),
                                                       (folder + "/later.txt", [1]), (folder + "/gone.txt", [1])]) { problems = $0 }
            turnLoop("the saves done") { problems != nil }
            XCTAssertEqual(problems, [])
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/gone.txt"), "a file gone since the search is not made again")
            XCTAssertNil(store.document(atPath: folder + "/gone.txt"))
            XCTAssertEqual(text(folder + "/a.txt"), "one word\ntorm two\n", "only the ticked line, its group expanded")
            XCTAssertEqual(text(folder + "/b.txt"), "torm\n")
            XCTAssertEqual(open.text, "open torm\n")
            XCTAssertTrue(open.isDirty, "an open document is edited, left for its window to save")
            XCTAssertEqual(text(folder + "/open.txt"), "open word\n")
            XCTAssertEqual([change.replaced, change.files], [4, 4])

            let later = try XCTUnwrap(store.document(atPath: folder + "/later.txt"))
            store.apply(.insert("!", at: 0), to: later)  // edited since: its replacement stays
            problems = nil
            change.undo { problems = $0 }
            turnLoop("undone and saved") { problems != nil }
            XCTAssertEqual(problems, ["“later.txt” was edited since; its replacements stay."])
            XCTAssertEqual(text(folder + "/a.txt"), "one word\nword two\n")
            XCTAssertEqual(text(folder + "/b.txt"), "word\n")
            XCTAssertEqual(open.text, "open word\n")
            XCTAssertEqual(later.text, "!torm\n")
            XCTAssertEqual(shown, [], "every save succeeded")
            withExtendedLifetime(subscription) {}
        }
    }

    func testAFileThatCannotBeSavedKeepsItsBytesOnDiskAndItsTextInAWindow() throws {
        let disk = try SmallDisk(size: "64k")
        let path = disk.path + "/full.txt"
        try "a word\n".write(toFile: path, atomically: false, encoding: .utf8)
        try disk.fill()
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let pattern = try TextPattern(text: "word", isRegex: false, isCaseSensitive: true, matchesWholeWords: false)
            var shown: [String] = []
            let change = ReplaceInFiles(store: store) { shown.append($0) }
            var problems: [String]?
            change.replace(pattern, with: String(repeating: "long ", count: 40_000), in: [(path, [1])]) { problems = $0 }
            turnLoop("the save failed") { problems != nil }
            XCTAssertEqual(problems, ["“full.txt” could not be saved: Could not save “full.txt”: the disk is full."])
            XCTAssertEqual(shown, [path], "a window shows the text that could not be saved")
            let document = try XCTUnwrap(store.document(atPath: path))
            XCTAssertTrue(document.isDirty)
            XCTAssertTrue(document.text.hasPrefix("a long long"))
        }
        XCTAssertEqual(text(path), "a word\n", "the old bytes, whole")
        withExtendedLifetime(disk) {}
    }
}

/// Turns the main run loop (the store's answers come through the main queue) until `done`.
@MainActor private func turnLoop(_ what: String, _ done: () -> Bool) {
    let deadline = Date().addingTimeInterval(20)
    while !done() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.005)) }
    XCTAssertTrue(done(), what)
}

private func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<none>" }
