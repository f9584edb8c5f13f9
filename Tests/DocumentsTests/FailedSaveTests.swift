import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Saves that cannot succeed (a full disk, a read-only disk) say why, keep the document
/// dirty and leave the old file exactly as it was. Root only (CI is root): each test mounts a
/// small tmpfs (`SmallDisk`), and fails saying so when it cannot.
final class FailedSaveTests: XCTestCase {
    func testDiskFull() throws {
        let disk = try SmallDisk(size: "64k"), mountPoint = disk.path
        let path = mountPoint + "/full.txt"
        try MainActor.assumeIsolated {
            try "old contents\n".write(toFile: path, atomically: false, encoding: .utf8)
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert(String(repeating: "x", count: 200_000), at: 0), to: document)
            XCTAssertThrowsError(try store.saveNow(document)) { error in
                XCTAssertEqual((error as? TextFileError)?.message, "Could not save “full.txt”: the disk is full.")
            }
            XCTAssertTrue(document.isDirty)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old contents\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountPoint), ["full.txt"], "no temp file left")
        withExtendedLifetime(disk) {}
    }

    func testReadOnlyDisk() throws {
        let disk = try SmallDisk(size: "64k")
        let path = disk.path + "/ro.txt"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(disk.setReadOnly(true))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("new ", at: 0), to: document)
            XCTAssertThrowsError(try store.saveNow(document)) { error in
                XCTAssertEqual((error as? TextFileError)?.message, "Could not save “ro.txt”: the disk is read-only.")
            }
            XCTAssertTrue(document.isDirty)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old\n")
        withExtendedLifetime(disk) {}
    }

    /// A file with a second name is rewritten in place: on a disk without room for the new text,
    /// the save is refused before one old byte is overwritten, and both names keep the old file.
    func testAFileSavedInPlaceOnAFullDiskIsLeftWhole() throws {
        let disk = try SmallDisk(size: "1m"), mountPoint = disk.path
        let path = mountPoint + "/linked.txt", other = mountPoint + "/other-name.txt"
        let old = String(repeating: "a line of the old file, 40 bytes long.\n", count: 16_000)
        try old.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(link(path, other), 0)
        try disk.fill(leaving: 128 << 10)  // far less than the doubled text needs
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert(old, at: 0), to: document)
            XCTAssertThrowsError(try store.saveNow(document)) { error in
                XCTAssertEqual((error as? TextFileError)?.message, "Could not save “linked.txt”: the disk is full.")
            }
            XCTAssertTrue(document.isDirty)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), old, "the file holds its old bytes, all of them")
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), old)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, before,
                       "refused before anything was written to the file")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, old.utf8.count)
        withExtendedLifetime(disk) {}
    }
}
