import Foundation
import SafeFiles
import TestSupport
import XCTest

/// The Files panel's operations: each makes, renames or puts back exactly what it is asked,
/// never over a file that is there, and one whose call fails (any call of any kind, any errno a
/// dying disk gives) says that errno and leaves the folder as it was.
final class FileOperationsTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("file-operations") }

    private func listing() throws -> [String: String] {
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: temporary.path) {
            let path = temporary.file(name)
            found[name] = FileSystem.isFolder(path) ? "/" : String(decoding: FileSystem.contents(path) ?? [], as: UTF8.self)
        }
        return found
    }

    func testEachMakesOrRenamesWhatItIsAskedAndNeverReplacesAFile() throws {
        let operations = FileOperations()
        try "kept\n".write(toFile: temporary.file("taken.txt"), atomically: false, encoding: .utf8)
        XCTAssertNil(operations.createFile(temporary.file("new.txt")))
        XCTAssertNil(operations.createFolder(temporary.file("folder")))
        XCTAssertEqual(operations.createFile(temporary.file("taken.txt")), EEXIST)
        XCTAssertEqual(operations.createFolder(temporary.file("taken.txt")), EEXIST)
        XCTAssertEqual(operations.rename(temporary.file("new.txt"), to: temporary.file("taken.txt")), EEXIST)
        XCTAssertEqual(operations.rename(temporary.file("new.txt"), to: temporary.file("folder")), EEXIST)
        XCTAssertNil(operations.rename(temporary.file("new.txt"), to: temporary.file("renamed.txt")))
        XCTAssertEqual(try listing(), ["taken.txt": "kept\n", "folder": "/", "renamed.txt": ""])
        XCTAssertTrue(FileOperations.isTaken(EEXIST))
    }

    func testANameTheUserTypesIsOneFileName() {
        XCTAssertEqual(FileOperations.validName("  notes.txt\n"), "notes.txt")
        for bad in ["", "   ", ".", "..", "a/b", "/", "x\0y"] { XCTAssertNil(FileOperations.validName(bad), bad) }
        XCTAssertEqual(FileOperations.validName(".env"), ".env")
    }

    func testAnyFailedCallSaysItsErrnoAndLeavesTheFolderAsItWas() throws {
        try "old\n".write(toFile: temporary.file("a.txt"), atomically: false, encoding: .utf8)
        let before = try listing()
        let operations: [(String, (FileCalls) -> Int32?)] = [
            ("create a file", { FileOperations(calls: $0).createFile(self.temporary.file("new.txt")) }),
            ("create a folder", { FileOperations(calls: $0).createFolder(self.temporary.file("new")) }),
            ("rename", { FileOperations(calls: $0).rename(self.temporary.file("a.txt"), to: self.temporary.file("b.txt")) }),
        ]
        for (name, operation) in operations {
            let census = FaultPlan.counting()
            XCTAssertNil(operation(census.calls), name)
            try FileManager.default.removeItem(atPath: temporary.path)
            temporary = try TemporaryFolder("file-operations")
            try "old\n".write(toFile: temporary.file("a.txt"), atomically: false, encoding: .utf8)
            // A close that fails after the file is made still made it, as asked: only calls that act are failed.
            for kind in FileCalls.Kind.allCases where census.count(of: kind) > 0 && kind != .close {
                for code in [ENOSPC, EDQUOT, EROFS, EIO, EACCES] {
                    let plan = FaultPlan(kind, nth: 1, code: code)
                    XCTAssertEqual(operation(plan.calls), code, "\(name): \(kind) failing with \(code)")
                    XCTAssertTrue(plan.wasHit)
                    XCTAssertEqual(try listing(), before, "\(name): \(kind) failing left the folder as it was")
                }
            }
        }
    }

    func testOnARealDiskFullOrReadOnlyEachSaysWhyAndChangesNothing() throws {
        let disk = try SmallDisk(size: "64k")
        let operations = FileOperations()
        try "kept\n".write(toFile: disk.path + "/a.txt", atomically: false, encoding: .utf8)
        try disk.fill()
        // A full disk still has inodes: an empty file or folder can be made, and a rename needs no room.
        XCTAssertNil(operations.createFile(disk.path + "/empty.txt"))
        XCTAssertNil(operations.rename(disk.path + "/empty.txt", to: disk.path + "/renamed.txt"))
        disk.empty()
        XCTAssertTrue(disk.setReadOnly(true))
        defer { _ = disk.setReadOnly(false) }
        XCTAssertEqual(operations.createFile(disk.path + "/new.txt"), EROFS)
        XCTAssertEqual(operations.createFolder(disk.path + "/new"), EROFS)
        XCTAssertEqual(operations.rename(disk.path + "/a.txt", to: disk.path + "/b.txt"), EROFS)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted(), ["a.txt", "renamed.txt"])
        XCTAssertEqual(try String(contentsOfFile: disk.path + "/a.txt", encoding: .utf8), "kept\n")
    }

    func testATrashedFileIsFoundByWhereItWasAndPutBack() throws {
        // A Trash as GIO keeps one, with two items trashed from the same place and another file.
        let trash = temporary.file("Trash")
        try FileManager.default.createDirectory(atPath: trash + "/files", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: trash + "/info", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary.file("my folder"), withIntermediateDirectories: true)
        let original = temporary.file("my folder") + "/ä b.txt"
        let escaped = original.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "ä", with: "%C3%A4")
        for (name, date, text) in [("ä b.txt", "2026-12-01T10:00:00", "older"), ("ä b.2.txt", "2026-12-04T10:00:00", "newer")] {
            try text.write(toFile: trash + "/files/" + name, atomically: false, encoding: .utf8)
            try "[Trash Info]\nPath=\(escaped)\nDeletionDate=\(date)\n".write(toFile: trash + "/info/\(name).trashinfo", atomically: false, encoding: .utf8)
        }
        try "other".write(toFile: trash + "/files/ä b.txt.old", atomically: false, encoding: .utf8)
        try "[Trash Info]\nPath=/elsewhere/ä b.txt\nDeletionDate=2026-12-05T10:00:00\n".write(toFile: trash + "/info/ä b.txt.old.trashinfo", atomically: false, encoding: .utf8)

        let found = try XCTUnwrap(TrashedFile.find(original: original, homeTrash: trash))
        XCTAssertEqual(found.stored, trash + "/files/ä b.2.txt", "the newest item trashed from there")
        XCTAssertNil(TrashedFile.find(original: temporary.file("my folder") + "/never.txt", homeTrash: trash))

        try "made since".write(toFile: original, atomically: false, encoding: .utf8)
        XCTAssertEqual(found.restore(), EEXIST, "a file made in its place since is never replaced")
        XCTAssertEqual(try String(contentsOfFile: original, encoding: .utf8), "made since")
        try FileManager.default.removeItem(atPath: original)
        XCTAssertEqual(found.restore(calls: FaultPlan(.rename, nth: 1, code: EIO).calls), EIO)
        XCTAssertTrue(FileSystem.exists(found.stored), "a failed put-back leaves it in the Trash")
        XCTAssertNil(found.restore())
        XCTAssertEqual(try String(contentsOfFile: original, encoding: .utf8), "newer")
        XCTAssertFalse(FileSystem.exists(trash + "/info/ä b.2.txt.trashinfo"), "its record goes with it")
        XCTAssertTrue(FileSystem.exists(trash + "/info/ä b.txt.trashinfo"), "the older item stays in the Trash")
    }
}
