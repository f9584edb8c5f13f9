@testable import Gtk
import XCTest

/// Spell checking asked for on an empty view starts when text first arrives, not before.
final class SpellingTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    func testAnEmptyViewStartsSpellingWithItsFirstText() {
        MainActor.assumeIsolated {
            let view = SourceView(buffer: SourceBuffer())
            view.checkSpellingOnceThereIsText(true)
            XCTAssertTrue(view.spellingWaitsForFirstText, "nothing to check yet: gspell waits")
            XCTAssertTrue(view.checksSpelling, "the menu's toggle sees spelling as on")
            MainLoop.run(for: 0.05)
            XCTAssertTrue(view.spellingWaitsForFirstText, "an idle moment alone does not start it")
            view.buffer.append("A wrod")
            XCTAssertTrue(MainLoop.run(until: { !view.spellingWaitsForFirstText }, timeout: 5), "the first text starts it")
            XCTAssertTrue(view.checksSpelling)
        }
    }

    func testAViewWithTextStartsAtOnceAndOffNeverWaits() {
        MainActor.assumeIsolated {
            let full = SourceView(buffer: SourceBuffer())
            full.buffer.append("words")
            full.checkSpellingOnceThereIsText(true)
            XCTAssertFalse(full.spellingWaitsForFirstText)
            XCTAssertTrue(full.checksSpelling)
            let code = SourceView(buffer: SourceBuffer())
            code.checkSpellingOnceThereIsText(false)
            XCTAssertFalse(code.spellingWaitsForFirstText)
            XCTAssertFalse(code.checksSpelling)
        }
    }

    func testTurningItOffWhileWaitingKeepsItOff() {
        MainActor.assumeIsolated {
            let view = SourceView(buffer: SourceBuffer())
            view.checkSpellingOnceThereIsText(true)
            view.checksSpelling.toggle()  // the menu's Check Spelling, before any text
            XCTAssertFalse(view.spellingWaitsForFirstText)
            view.buffer.append("A wrod")
            MainLoop.run(for: 0.1)
            XCTAssertFalse(view.checksSpelling, "the user's choice stands when text comes")
        }
    }
}
