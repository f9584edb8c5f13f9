import Localization
import XCTest

final class LocalizationTests: XCTestCase {
    /// Without a translation the English text comes back intact (gettext returns its argument,
    /// a temporary buffer, which must not be read after it is gone).
    func testUntranslatedStringsComeBackWhole() {
        for text in ["_Open…", "Find and _Replace…", "Save changes to “ä.txt” before closing?", "", String(repeating: "x", count: 5000)] {
            XCTAssertEqual(localized(text), text)
        }
    }
}
