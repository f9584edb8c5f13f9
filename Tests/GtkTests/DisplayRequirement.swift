import Gtk
import XCTest

struct NoDisplay: Error {}

/// GUI tests need a display; without one they fail loudly instead of being skipped.
@MainActor
enum Display {
    private static var ready = false

    static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        if ready { return }
        guard MainLoop.initialize() else {
            XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).", file: file, line: line)
            throw NoDisplay()  // an error, not a skip: the test fails
        }
        MainLoop.installMainQueueBridge()
        ready = true
    }
}
