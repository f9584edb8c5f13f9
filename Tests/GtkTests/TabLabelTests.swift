@testable import Gtk
import XCTest

/// A tab of a file whose name another open file shares says its folder after the name, and a
/// folder too long for the tab loses its start, never the name ("main.c —... epo/test").
final class TabLabelTests: XCTestCase {
    func testAFolderTooLongLosesItsStartAndTheNameStays() {
        XCTAssertEqual(TabLabel.shown("main.c"), "main.c")
        XCTAssertEqual(TabLabel.shown("main.c — ~/src"), "main.c — ~/src", "short enough: whole")
        let shown = TabLabel.shown("• main.c — /tmp/pytest-of-root/pytest-130/repo/test")
        XCTAssertEqual(shown, "• main.c — …st-130/repo/test")
        XCTAssertEqual(shown.count, TabLabel.widest)
        XCTAssertEqual(TabLabel.shown("a-very-long-file-name-indeed.txt — /home/me"), "a-very-long-file-name-indeed.txt",
                       "no room for the folder: the name alone (the label cuts its end)")
    }
}
