import SafeFiles
import XCTest

/// Addresses on servers told from paths, and the parts a title shows.
final class RemoteLocationTests: XCTestCase {
    func testAnAddressGivesItsServerFolderAndName() throws {
        let location = try XCTUnwrap(RemoteLocation("sftp://me@example.org:2222/home/me/my%20notes.txt"))
        XCTAssertEqual(location.scheme, "sftp")
        XCTAssertEqual(location.host, "example.org:2222", "the user is left out, the port kept")
        XCTAssertEqual(location.path, "/home/me/my notes.txt")
        XCTAssertEqual(location.name, "my notes.txt")
        XCTAssertEqual(location.folder, "/home/me")
        XCTAssertEqual(PathName.file(of: location.uri), "my notes.txt", "titles name it by its decoded name")
    }

    func testPathsAndLocalAddressesAreNotRemote() {
        for text in ["/home/me/notes.txt", "notes.txt", "file:///home/me/notes.txt", "sftp:/x", "sftp://", "sftp:///path", "a b://host/x", "://host/x", "C:\\\\x"] {
            XCTAssertFalse(RemoteLocation.isRemote(text), text)
        }
        XCTAssertTrue(RemoteLocation.isRemote("SMB://nas/share/x.txt"))
        XCTAssertEqual(RemoteLocation("dav://host")?.path, "/", "no path: the server's root")
    }

    func testPercentEscapesDecodeOnlyWhereWhole() {
        XCTAssertEqual(RemoteLocation("sftp://h/%C3%A9t%C3%A9.txt")?.name, "été.txt")
        XCTAssertEqual(RemoteLocation("sftp://h/100%25%2")?.name, "100%%2", "a stray % stays")
        XCTAssertEqual(RemoteLocation("sftp://h/%ff.txt")?.name, "\u{FFFD}.txt", "bytes that are not UTF-8 show as replacement characters")
    }
}
