@testable import Gtk
import XCTest

/// The caret's place in the header changes at every key: it is drawn from one kept layout, and
/// screen readers hear its text once the keys pause, not in every keystroke's frame.
final class StatusButtonTests: XCTestCase {
    func testTheNameFollowsTheTextOnceTheKeysPause() throws {
        try MainActor.assumeIsolated {
            try Display.require()
            let button = Button(statusAction: "win.nothing")
            button.text = "Ln 1, Col 2"
            button.text = "Ln 1, Col 3"
            button.text = "Ln 1, Col 4"
            XCTAssertNotEqual(button.accessibleName, "Ln 1, Col 4", "not named in the keystroke's own frame")
            XCTAssertTrue(MainLoop.run(until: { button.accessibleName == "Ln 1, Col 4" }, timeout: 2), "named after the pause")
            XCTAssertEqual(button.text, "Ln 1, Col 4")
            // A longer text asks for more room; a shorter one keeps it (the header does not jump).
            button.show()
            let narrow = button.minimumWidth
            button.text = "Ln 12345, Col 67890 (1234 selected)"
            let wide = button.minimumWidth
            XCTAssertGreaterThan(wide, narrow)
            button.text = "Ln 1, Col 1"
            XCTAssertEqual(button.minimumWidth, wide)
        }
    }
}
