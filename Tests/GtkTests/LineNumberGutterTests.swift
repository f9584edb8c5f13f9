import Gtk
import XCTest

/// The line-number gutter keeps the width reserved for it while lines stream in, and widens
/// only when the text outgrows the reservation.
final class LineNumberGutterTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    func testReservedWidthHoldsUntilTheTextOutgrowsIt() {
        MainActor.assumeIsolated {
            let view = SourceView(buffer: SourceBuffer())
            let gutter = view.lineNumbers!
            let twoDigits = gutter.width
            XCTAssertGreaterThan(twoDigits, 0)
            gutter.reserveRoom(forLines: 5_000)
            let fourDigits = gutter.width
            XCTAssertGreaterThan(fourDigits, twoDigits, "room for 4 digits is wider than for 2")
            for _ in 0..<9 { view.buffer.append(String(repeating: "line\n", count: 1_000)) }
            XCTAssertEqual(gutter.width, fourDigits, "9,001 lines fit the reservation: the width stays")
            view.buffer.append(String(repeating: "line\n", count: 1_000))
            XCTAssertGreaterThan(gutter.width, fourDigits, "10,001 lines need a fifth digit")
            XCTAssertTrue(view.showsLineNumbers)
            XCTAssertTrue(gutter.isAlignedWithFirstRow, "a wrapped line is numbered on its first row")
            view.showsLineNumbers = false
            XCTAssertFalse(gutter.isVisible)
        }
    }
}
