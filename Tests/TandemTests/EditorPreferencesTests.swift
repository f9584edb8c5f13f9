import Foundation
import Gtk
import XCTest
@testable import Tandem

/// Preferences come from GSettings (the schema compiled from the source tree when it is not
/// installed) and apply live to every editor view.
final class EditorPreferencesTests: XCTestCase {
    func testChangesApplyLiveToEveryView() {
        setenv("GSETTINGS_BACKEND", "memory", 1)  // never touch the user's real settings
        MainActor.assumeIsolated {
            guard MainLoop.initialize() else { return XCTFail("GTK could not open a display: run the tests under xvfb-run.") }
            let preferences = EditorPreferences()
            guard let settings = preferences.settings else { return XCTFail("the schema was neither installed nor found in data/") }
            let one = SourceView(buffer: SourceBuffer()), two = SourceView(buffer: SourceBuffer())
            preferences.adopt(one)
            preferences.adopt(two)
            XCTAssertTrue(one.showsLineNumbers && one.wraps, "the schema's defaults apply")
            settings.set("show-line-numbers", false)
            settings.set("wrap", false)
            XCTAssertFalse(one.showsLineNumbers || two.showsLineNumbers, "a change reaches every view at once")
            XCTAssertFalse(one.wraps || two.wraps)
            settings.set("wrap", true)
            XCTAssertTrue(two.wraps)
            XCTAssertTrue(preferences.restoresWindows)
            settings.set("restore-windows", false)
            XCTAssertFalse(preferences.restoresWindows)
            settings.set("restore-windows", true)
            XCTAssertTrue(one.hasSmartHomeEnd && two.hasSmartHomeEnd, "Home goes to the text first, by default")
            settings.set("smart-home-end", false)
            XCTAssertFalse(one.hasSmartHomeEnd || two.hasSmartHomeEnd)
            settings.set("smart-home-end", true)
            XCTAssertFalse(one.showsWhitespace || one.completesWords, "whitespace marks and word completion are off by default")
            settings.set("show-whitespace", true)
            settings.set("word-completion", true)
            XCTAssertTrue(one.showsWhitespace && two.showsWhitespace && one.completesWords && two.completesWords)
            settings.set("show-whitespace", false)
            settings.set("word-completion", false)
            XCTAssertFalse(two.showsWhitespace || two.completesWords)

            // Colours follow the desktop's light or dark preference unless a scheme is chosen.
            XCTAssertEqual(one.styleSchemeID, "classic")
            if let desktop = Settings.open(schemaID: "org.gnome.desktop.interface"), desktop.hasKey("color-scheme") {
                desktop.set("color-scheme", "prefer-dark")
                XCTAssertEqual(one.styleSchemeID, "oblivion", "the desktop turned dark: so do the windows")
                XCTAssertTrue(SourceView.prefersDarkColors, "the whole window, header bar included")
                desktop.set("color-scheme", "default")
                XCTAssertEqual(two.styleSchemeID, "classic")
                XCTAssertFalse(SourceView.prefersDarkColors)
            }
            settings.set("style-scheme", "solarized-dark")
            XCTAssertEqual(two.styleSchemeID, "solarized-dark")
            XCTAssertTrue(SourceView.prefersDarkColors, "a dark scheme chosen makes the window dark too")
            settings.set("style-scheme", "")
            XCTAssertFalse(SourceView.prefersDarkColors)
        }
    }
}
