import Foundation
import Gtk
import XCTest
@testable import Tandem

/// The print dialog's page of the editor's own: its controls are its GSettings keys, and the
/// options printed with are read from them.
final class PrintOptionsTabTests: XCTestCase {
    func testThePageAndTheOptionsFollowTheKeys() {
        setenv("GSETTINGS_BACKEND", "memory", 1)  // never touch the user's real settings
        MainActor.assumeIsolated {
            guard MainLoop.initialize() else { return XCTFail("GTK could not open a display: run the tests under xvfb-run.") }
            AppData.setUp()  // the interface bundle the page is built from
            guard let settings = EditorPreferences().settings else { return XCTFail("the schema was neither installed nor found in data/") }
            XCTAssertEqual(PrintOptionsTab.options(from: settings, editorFont: "Mono 12", prose: false), PrintOptions(font: "Mono 12"),
                           "by default: highlighting, every line numbered, wrapped, a header, the editor's font")
            guard let (builder, _) = PrintOptionsTab.make(settings: settings, prose: false) else { return XCTFail("the page is built") }
            XCTAssertTrue(builder.isActive("print-line-numbers"), "the page shows the keys")
            settings.set("print-line-numbers-step", 5)
            settings.set("print-use-editor-font", false)
            settings.set("print-font", "Serif 8")
            settings.set("print-wrap", false)
            XCTAssertEqual(PrintOptionsTab.options(from: settings, editorFont: "Mono 12", prose: false).lineNumberStep, 5)
            XCTAssertEqual(PrintOptionsTab.options(from: settings, editorFont: "Mono 12", prose: false).font, "Serif 8")
            XCTAssertFalse(PrintOptionsTab.options(from: settings, editorFont: "Mono 12", prose: false).wraps)
            // A check box turned off is its key turned off.
            builder.setActive("print-header", false)
            XCTAssertFalse(settings.bool("print-header"))
            XCTAssertFalse(PrintOptionsTab.options(from: settings, editorFont: "Mono 12", prose: false).printsHeader)
            builder.setActive("print-line-numbers", false)
            XCTAssertEqual(PrintOptionsTab.options(from: settings, editorFont: "Mono 12", prose: false).lineNumberStep, 0, "no line numbers")
            // Prose keeps choices of its own: no highlighting, no numbers until chosen.
            builder.setActive("print-line-numbers", true)
            let prose = PrintOptionsTab.options(from: settings, editorFont: "Mono 12", prose: true)
            XCTAssertFalse(prose.highlightsSyntax)
            XCTAssertEqual(prose.lineNumberStep, 0)
            XCTAssertFalse(prose.printsHeader, "the rest is shared")
            guard let (proseBuilder, _) = PrintOptionsTab.make(settings: settings, prose: true) else { return XCTFail("the page is built") }
            XCTAssertFalse(proseBuilder.isActive("print-line-numbers"), "the page shows prose's own keys")
            proseBuilder.setActive("print-line-numbers", true)
            XCTAssertTrue(settings.bool("print-prose-line-numbers"))
            XCTAssertEqual(PrintOptionsTab.options(from: settings, editorFont: "Mono 12", prose: true).lineNumberStep, 5)
        }
    }
}
