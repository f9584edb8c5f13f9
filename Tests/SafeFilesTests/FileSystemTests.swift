import Foundation
import Glibc
import SafeFiles
import TestSupport
import XCTest

/// The file system's answers, asked directly: existence, folders, sizes, links and contents.
final class FileSystemTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }

    override func setUpWithError() throws { temporary = try TemporaryFolder("filesystem") }

    func testFoldersAreMadeWithTheirParentsAndMode() {
        let deep = folder + "/a/b/c"
        XCTAssertFalse(FileSystem.exists(deep))
        XCTAssertTrue(FileSystem.createFolder(deep, mode: 0o700))
        XCTAssertTrue(FileSystem.isFolder(deep))
        XCTAssertTrue(FileSystem.createFolder(deep), "an existing folder is fine")
        var info = stat()
        XCTAssertEqual(stat(folder + "/a", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700, "each folder made gets the mode")
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/file", contents: Data("x".utf8)))
        XCTAssertFalse(FileSystem.createFolder(folder + "/file/below"), "a file in the way")
    }

    func testSizesContentsAndLinks() {
        let file = folder + "/notes.txt"
        XCTAssertNil(FileSystem.regularFileSize(file))
        XCTAssertNil(FileSystem.contents(file))
        let bytes = (0..<200_000).map { UInt8($0 % 251) }  // more than one read's worth
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
        XCTAssertEqual(FileSystem.regularFileSize(file), 200_000)
        XCTAssertEqual(FileSystem.contents(file), bytes)
        XCTAssertNil(FileSystem.regularFileSize(folder), "a folder is not a regular file")
        XCTAssertNotNil(FileSystem.modificationTime(file))

        XCTAssertEqual(symlink("notes.txt", folder + "/link"), 0)
        XCTAssertEqual(symlink("gone.txt", folder + "/dangling"), 0)
        XCTAssertEqual(FileSystem.symlinkDestination(folder + "/link"), "notes.txt")
        XCTAssertEqual(FileSystem.symlinkDestination(folder + "/dangling"), "gone.txt")
        XCTAssertNil(FileSystem.symlinkDestination(file), "not a link")
        XCTAssertTrue(FileSystem.exists(folder + "/link"))
        XCTAssertFalse(FileSystem.exists(folder + "/dangling"), "followed, as FileManager's fileExists")
    }
}
