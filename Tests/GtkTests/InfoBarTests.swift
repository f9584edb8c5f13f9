import Gtk
import XCTest

/// A banner says one thing: a new message replaces the old one (never a growing log), and it
/// shows only the buttons that fit what it says.
final class InfoBarTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    func testAMessageReplacesTheLastAndButtonsFollowIt() {
        MainActor.assumeIsolated {
            let bar = InfoBar(buttons: [(label: "_Reload", id: 1), (label: "_Save", id: 2)], closeName: "Close")
            XCTAssertFalse(bar.isVisible)
            XCTAssertEqual(bar.message, "")
            for _ in 0..<8 { bar.show("Could not save “a.txt”.", kind: .error, offering: [2]) }
            XCTAssertEqual(bar.message, "Could not save “a.txt”.", "eight failures are one line")
            XCTAssertTrue(bar.offers(2))
            XCTAssertFalse(bar.offers(1))
            bar.show("“a.txt” changed on disk.", kind: .warning, offering: [1])
            XCTAssertEqual(bar.message, "“a.txt” changed on disk.")
            XCTAssertTrue(bar.offers(1))
            XCTAssertFalse(bar.offers(2))
            bar.show("Both.", kind: .info)
            XCTAssertTrue(bar.offers(1) && bar.offers(2), "no offer given: every button")
            bar.dismiss()
            XCTAssertFalse(bar.isVisible)
            XCTAssertEqual(bar.message, "")
        }
    }
}
