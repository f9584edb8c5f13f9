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
        truncate(sparse, off_t(FileInspection.maximumSize + 1))  // sparse: no disk space used
        XCTAssertEqual(FileInspection.inspect(sparse), .refused(reason: "It is larger than 1 GiB, more than Tandem opens."))
        XCTAssertEqual(FileInspection.inspect(file + "/child"), .refused(reason: "A part of the path is not a folder."))
        guard case .refused(let loop) = FileInspection.inspect(folder + "/loop1") else { return XCTFail("loop accepted") }
        XCTAssertTrue(loop.contains("link"))
        guard case .refused = FileInspection.inspect(folder + "/dangling") else { return XCTFail("dangling link accepted") }
    }
}
