@testable import Gtk
import XCTest

/// Every file the bundle lists builds, from the bundle the build tree compiles.
final class UIResourcesTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    func testEveryUIFileBuildsWithItsNamedObjects() throws {
        XCTAssertTrue(UIResources.isRegistered, "data/ui compiled and registered")
        let expected = ["find-bar.ui": ["find-bar", "find-entry", "replace-all", "goto-bar", "goto-entry"],
                        "preferences.ui": ["preferences", "font", "style-scheme", "tab-width", "restore-windows"],
                        "print-options.ui": ["print-options", "print-line-numbers-step", "print-font"],
                        "shortcuts.ui": ["shortcuts", "section"],
                        "editor-window.ui": ["header-bar", "menu-button", "content", "loading-bar", "loading-label",
                                             "loading-progress", "loading-cancel", "banner-slot", "find-slot",
                                             "scroller", "scrollbar", "status-bar"],
                        "about.ui": ["about"]]
        // The bundle's list and this test's agree, so a new file is not left untested.
        let listed = try String(contentsOfFile: SourceTree.dataFolder! + "/ui/tandem-ui.gresource.xml", encoding: .utf8)
        let files = listed.split(separator: "<file>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        XCTAssertEqual(Set(files), Set(expected.keys))
        MainActor.assumeIsolated {
            for (file, ids) in expected {
                let builder = Builder(file: file)
                for id in ids { XCTAssertNotNil(builder.widget(id), "\(file) has \(id)") }
            }
            // The window menu, and the section the list of windows joins.
            let window = Builder(file: "editor-window.ui")
            for id in ["window-menu", "windows-section"] { XCTAssertNotNil(window.object(id), "editor-window.ui has \(id)") }
        }
    }
}
