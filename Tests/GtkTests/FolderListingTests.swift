import Foundation
@testable import Gtk
import TestSupport
import XCTest

/// A folder's listing: folders first, names in the file manager's order, hidden ones marked as
/// GIO marks them (a leading dot, or named in `.hidden`), a link to a folder listed as a folder,
/// and a folder made again in its place told apart by its id.
final class FolderListingTests: XCTestCase {
    func testFoldersFirstInTheFileManagersOrderWithHiddenOnesMarked() throws {
        let temporary = try TemporaryFolder("folder-listing")
        for folder in ["src", "docs"] { try FileManager.default.createDirectory(atPath: temporary.file(folder), withIntermediateDirectories: true) }
        for file in ["file10.txt", "file9.txt", ".env", "secret.txt", "b.txt"] { FileManager.default.createFile(atPath: temporary.file(file), contents: Data()) }
        try "secret.txt\n".write(toFile: temporary.file(".hidden"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: temporary.file("linked"), withDestinationPath: temporary.file("src"))
        guard case .success(let entries) = FolderListing.read(temporary.path) else { return XCTFail("listed") }
        XCTAssertEqual(entries.map(\.name), ["docs", "linked", "src", ".env", ".hidden", "b.txt", "file9.txt", "file10.txt", "secret.txt"])
        XCTAssertEqual(entries.filter(\.isFolder).map(\.name), ["docs", "linked", "src"])
        XCTAssertEqual(entries.filter(\.isHidden).map(\.name), [".env", ".hidden", "secret.txt"])
        let source = try XCTUnwrap(entries.first { $0.name == "src" }).id
        XCTAssertFalse(source.isEmpty)
        try FileManager.default.removeItem(atPath: temporary.file("src"))
        try FileManager.default.createDirectory(atPath: temporary.file("keep"), withIntermediateDirectories: true)  // the inode is not reused at once
        try FileManager.default.createDirectory(atPath: temporary.file("src"), withIntermediateDirectories: true)
        guard case .success(let again) = FolderListing.read(temporary.path) else { return XCTFail("listed again") }
        XCTAssertNotEqual(again.first { $0.name == "src" }?.id, source, "a folder made again is another")
        guard case .failure = FolderListing.read(temporary.file("missing")) else { return XCTFail("a missing folder is a failure") }
    }
}
