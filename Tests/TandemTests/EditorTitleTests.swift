import XCTest
@testable import Tandem

final class EditorTitleTests: XCTestCase {
    func testFolderForDisplayUsesTilde() {
        let home = NSHomeDirectory()
        XCTAssertEqual(EditorTitle.folderForDisplay(home), "~")
        XCTAssertEqual(EditorTitle.folderForDisplay(home + "/docs"), "~/docs")
        XCTAssertEqual(EditorTitle.folderForDisplay("/tmp"), "/tmp")
    }
}
