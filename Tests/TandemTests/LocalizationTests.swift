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

final class LocalizedTemplateTests: XCTestCase {
    func testArgumentsGoInPlaceInAnyOrder() {
        XCTAssertEqual(localized("Could not open “%1”: %2", "a.txt", "gone"), "Could not open “a.txt”: gone")
        XCTAssertEqual(localized("%2 then %1", "one", "two"), "two then one")
        XCTAssertEqual(localized("%1 and %10", "x", "2", "3", "4", "5", "6", "7", "8", "9", "ten"), "x and ten")
    }
}
