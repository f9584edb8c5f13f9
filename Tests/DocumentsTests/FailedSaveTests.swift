import Foundation
import XCTest
@testable import Documents

/// Saves that cannot succeed (a full disk, a read-only disk) say why, keep the document
/// dirty and leave the old file exactly as it was. Needs root to mount small tmpfs folders.
final class FailedSaveTests: XCTestCase {
    private var mountPoint = ""

    private func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    override func setUpWithError() throws {
        mountPoint = NSTemporaryDirectory() + "tandem-tmpfs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard run(["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint]) == 0 else {
            XCTFail("could not mount a tmpfs at \(mountPoint): these tests run as root (see README)")
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    override func tearDownWithError() throws {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [mountPoint]
        try umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(atPath: mountPoint)
    }

    func testDiskFull() throws {
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
    }

    func testReadOnlyDisk() throws {
        let path = mountPoint + "/ro.txt"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(run(["-o", "remount,ro", mountPoint]), 0)
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
    }

    /// A file with a second name is rewritten in place: on a disk without room for the new text,
    /// the save is refused before one old byte is overwritten, and both names keep the old file.
    func testAFileSavedInPlaceOnAFullDiskIsLeftWhole() throws {
        XCTAssertEqual(run(["-o", "remount,size=1m", mountPoint]), 0)
        let path = mountPoint + "/linked.txt", other = mountPoint + "/other-name.txt"
        let old = String(repeating: "a line of the old file, 40 bytes long.\n", count: 16_000)
        try old.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(link(path, other), 0)
        // What is left of the disk: about 128 KB, far less than the doubled text needs.
        let filler = mountPoint + "/filler"
        var free = statvfs()
        statvfs(mountPoint, &free)
        let room = Int(free.f_bavail) * Int(free.f_frsize)
        try Data(count: max(0, room - 128 << 10)).write(to: URL(fileURLWithPath: filler))
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
    }
}
