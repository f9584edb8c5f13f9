import SafeFiles
import XCTest

/// PathName splits paths by NSString's rules (what the code used before it left Foundation).
final class PathNameTests: XCTestCase {
    func testFileIsTheLastComponent() {
        XCTAssertEqual(PathName.file(of: "/home/ann/notes.txt"), "notes.txt")
        XCTAssertEqual(PathName.file(of: "/home/ann/"), "ann")
        XCTAssertEqual(PathName.file(of: "notes.txt"), "notes.txt")
        XCTAssertEqual(PathName.file(of: "/"), "/")
        XCTAssertEqual(PathName.file(of: ""), "")
        XCTAssertEqual(PathName.file(of: "/a/ä b.txt"), "ä b.txt")
    }

    func testFolderIsEverythingBeforeIt() {
        XCTAssertEqual(PathName.folder(of: "/home/ann/notes.txt"), "/home/ann")
        XCTAssertEqual(PathName.folder(of: "/notes.txt"), "/")
        XCTAssertEqual(PathName.folder(of: "/home/ann/"), "/home")
        XCTAssertEqual(PathName.folder(of: "notes.txt"), "")
        XCTAssertEqual(PathName.folder(of: "docs/notes.txt"), "docs")
        XCTAssertEqual(PathName.folder(of: "/"), "/")
    }

    func testJoinPutsOneSlashBetween() {
        XCTAssertEqual(PathName.join("/home/ann", "notes.txt"), "/home/ann/notes.txt")
        XCTAssertEqual(PathName.join("/home/ann/", "notes.txt"), "/home/ann/notes.txt")
        XCTAssertEqual(PathName.join("/", "notes.txt"), "/notes.txt")
        XCTAssertEqual(PathName.join("", "notes.txt"), "notes.txt")
        XCTAssertEqual(PathName.join("/usr", "share/locale"), "/usr/share/locale")
    }

    func testStemDropsOnlyTheLastExtension() {
        XCTAssertEqual(PathName.stem(of: "notes.txt"), "notes")
        XCTAssertEqual(PathName.stem(of: "archive.tar.gz"), "archive.tar")
        XCTAssertEqual(PathName.stem(of: ".bashrc"), ".bashrc")
        XCTAssertEqual(PathName.stem(of: "README"), "README")
    }
}
