import Foundation
import XCTest
@testable import Documents

final class FileInspectionTests: XCTestCase {
    func testEveryKindOfPath() throws {
        let folder = NSTemporaryDirectory() + "tandem-inspect-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/f.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("12345".utf8)))
        mkfifo(folder + "/fifo", 0o600)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop1", withDestinationPath: folder + "/loop2")
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop2", withDestinationPath: folder + "/loop1")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")

        XCTAssertEqual(FileInspection.inspect(file), .readableFile(size: 5))
        XCTAssertEqual(FileInspection.inspect(folder + "/new.txt"), .missing(folderExists: true))
        XCTAssertEqual(FileInspection.inspect(folder + "/nofolder/new.txt"), .missing(folderExists: false))
        XCTAssertEqual(FileInspection.inspect(folder), .refused(reason: "It is a folder, not a file."))
        XCTAssertEqual(FileInspection.inspect(folder + "/fifo"), .refused(reason: "It is a named pipe (FIFO), not a file."))
        XCTAssertEqual(FileInspection.inspect("/dev/null"), .refused(reason: "It is a device, not a file."))
        let sparse = folder + "/huge.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: sparse, contents: nil))
        truncate(sparse, off_t(FileInspection.defaultMaximumSize + 1))  // 2 GiB, sparse: no disk space used
        XCTAssertEqual(FileInspection.inspect(sparse), .refused(reason: "It is larger than 2 GiB, more than Tandem opens (the maximum-file-size setting)."))
        truncate(sparse, off_t(FileInspection.defaultMaximumSize))
        XCTAssertEqual(FileInspection.inspect(sparse), .readableFile(size: FileInspection.defaultMaximumSize))
        XCTAssertEqual(FileInspection.inspect(file, maximumSize: 4), .refused(reason: "It is larger than 4 bytes, more than Tandem opens (the maximum-file-size setting)."))
        XCTAssertEqual(FileInspection.inspect(file + "/child"), .refused(reason: "A part of the path is not a folder."))
        guard case .refused(let loop) = FileInspection.inspect(folder + "/loop1") else { return XCTFail("loop accepted") }
        XCTAssertTrue(loop.contains("link"))
        guard case .refused = FileInspection.inspect(folder + "/dangling") else { return XCTFail("dangling link accepted") }
    }

    func testSizesAreWrittenInTheUnitAUserReads() {
        XCTAssertEqual(FileInspection.describe(bytes: Int64(Int32.max)), "2 GiB")
        XCTAssertEqual(FileInspection.describe(bytes: 3 << 29), "1.5 GiB")
        XCTAssertEqual(FileInspection.describe(bytes: 512 << 20), "512 MiB")
        XCTAssertEqual(FileInspection.describe(bytes: 1536), "1.5 KiB")
        XCTAssertEqual(FileInspection.describe(bytes: 800), "800 bytes")
    }

    @MainActor
    func testTheStoreAsksItsLimitAtEachOpen() throws {
        let folder = NSTemporaryDirectory() + "limit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/two-kib.txt"
        try String(repeating: "x", count: 2048).write(toFile: path, atomically: true, encoding: .utf8)
        let store = DocumentStore()
        var limit: Int64 = 1024
        store.maximumFileSize = { limit }
        XCTAssertThrowsError(try store.openFile(at: path)) { error in
            XCTAssertTrue("\(error)".contains("larger than 1 KiB"), "\(error)")
        }
        limit = 4096
        XCTAssertEqual(try store.openFile(at: path).storage.count, 2048)
    }
}
