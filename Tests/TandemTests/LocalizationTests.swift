@testable import Localization
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

    /// A template split once fills as `localized` does, again and again.
    func testATemplateLookedUpOnceFillsAsLocalizedDoes() {
        let caret = LocalizedTemplate("Ln %1, Col %2 (%3 selected)", arguments: 3)
        XCTAssertEqual(caret("12", "4", "7"), "Ln 12, Col 4 (7 selected)")
        XCTAssertEqual(caret("1", "1", "0"), "Ln 1, Col 1 (0 selected)")
        XCTAssertEqual(LocalizedTemplate("%2%1", arguments: 2)("b", "a"), "ab", "places side by side, in any order")
        XCTAssertEqual(LocalizedTemplate("100% of %1, %3", arguments: 1)("x"), "100% of x, %3", "a % naming no argument stays")
    }
}

final class LocalizedNumberTests: XCTestCase {
    private let english = LocalizedNumber.Convention(decimal: ".", thousands: ",")
    private let german = LocalizedNumber.Convention(decimal: ",", thousands: ".")

    func testDigitsAreGroupedByThousands() {
        XCTAssertEqual(LocalizedNumber.string(1_048_576, convention: english), "1,048,576")
        XCTAssertEqual(LocalizedNumber.string(20_000, convention: german), "20.000")
        XCTAssertEqual(LocalizedNumber.string(999, convention: english), "999")
        XCTAssertEqual(LocalizedNumber.string(-1_000, convention: english), "-1,000")
        XCTAssertEqual(LocalizedNumber.string(0, convention: english), "0")
    }

    func testOneDecimalOnlyWhenItIsNotZero() {
        XCTAssertEqual(LocalizedNumber.string(1.5, convention: german), "1,5")
        XCTAssertEqual(LocalizedNumber.string(2.04, convention: english), "2")
        XCTAssertEqual(LocalizedNumber.string(1536.26, convention: english), "1,536.3")
        XCTAssertEqual(LocalizedNumber.string(-0.5, convention: english), "-0.5")
    }

    /// The C locale (the tests run in it) groups nothing and writes a dot.
    func testTheCLocaleGroupsNothing() {
        XCTAssertEqual(LocalizedNumber.string(20_000), "20000")
        XCTAssertEqual(LocalizedNumber.string(2.5), "2.5")
    }
}

final class LocalizedTemplateEdgeTests: XCTestCase {
    func testWhatNamesNoArgumentStaysAsWritten() {
        XCTAssertEqual(localized("100% of %1", "it"), "100% of it")
        XCTAssertEqual(localized("%0 and %3 and %1", "a"), "%0 and %3 and a")
        XCTAssertEqual(localized("%12", "one", "two"), "one2", "the longest number that names an argument")
        XCTAssertEqual(localized("%1%2", "a", "%1"), "a%1", "an argument is put in as it is, never read again")
        XCTAssertEqual(localized("end %", "x"), "end %")
    }
}

final class LocalizedPluralTests: XCTestCase {
    /// Without a translation the English form goes by the count, which becomes %1; the other
    /// arguments follow it as %2, %3.
    func testTheEnglishFormFollowsTheCount() {
        XCTAssertEqual(localizedPlural("%1 match", "%1 matches", count: 1), "1 match")
        XCTAssertEqual(localizedPlural("%1 match", "%1 matches", count: 0), "0 matches")
        XCTAssertEqual(localizedPlural("%1 match", "%1 matches", count: 2), "2 matches")
        XCTAssertEqual(localizedPlural("One place in “%2”", "%1 places in “%2”", count: 3, "a.txt"), "3 places in “a.txt”")
        XCTAssertEqual(localizedPlural("One place in “%2”", "%1 places in “%2”", count: 1, "a.txt"), "One place in “a.txt”")
    }
}
