import Foundation
@testable import Gtk
@testable import Tandem
import XCTest

/// Every file the bundle lists builds, from the bundle the build made (BuildData), and the rest
/// of Tandem's data is where the build put it.
final class InterfaceBundleTests: XCTestCase {
    override func setUp() { MainActor.assumeIsolated { AppData.setUp() } }

    func testEveryUIFileBuildsWithItsNamedObjects() throws {
        guard MainActor.assumeIsolated({ MainLoop.initialize() }) else { return XCTFail("GTK could not open a display: run the tests under xvfb-run.") }
        XCTAssertFalse(AppData.isInstalled, "run from the build tree")
        XCTAssertTrue(MainActor.assumeIsolated { UIBundle.isRegistered }, "the bundle the build made, registered")
        let expected = ["find-bar.ui": ["find-bar", "find-entry", "replace-all", "goto-bar", "goto-entry"],
                        "preferences.ui": ["preferences", "font", "style-scheme", "tab-width", "restore-windows"],
                        "print-options.ui": ["print-options", "print-line-numbers-step", "print-font"],
                        "shortcuts.ui": ["shortcuts", "section"],
                        "editor-window.ui": ["header-bar", "menu-button", "content", "loading-bar", "loading-label",
                                             "loading-progress", "loading-cancel", "banner-slot", "find-slot",
                                             "scroller", "scrollbar", "status-bar"],
                        "find-in-files.ui": ["find-in-files", "fif-find", "fif-replace", "fif-replace-all", "fif-case",
                                             "fif-whole-word", "fif-regex", "fif-folder", "fif-files", "fif-status",
                                             "fif-stop", "fif-undo-replace", "fif-results"],
                        "about.ui": ["about"]]
        // The bundle's list and this test's agree, so a new file is not left untested.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/ui/tandem-ui.gresource.xml")
        let listed = try String(contentsOf: source, encoding: .utf8)
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

    func testTheSchemaTranslationsAndIconsAreBuiltBesideTheBundle() throws {
        let folder = AppData.folder
        for file in ["/glib-2.0/schemas/gschemas.compiled", "/locale/de/LC_MESSAGES/tandem.mo",
                     "/icons/hicolor/scalable/apps/io.github.tandemedit.Tandem.svg"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder + file), file)
        }
        MainActor.assumeIsolated {
            XCTAssertNotNil(Settings.open(schemaID: TandemVersion.applicationID, orIn: AppData.schemaFolder), "the schema compiled by the build")
        }
    }
}
