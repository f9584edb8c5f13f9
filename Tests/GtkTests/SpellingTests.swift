@testable import Gtk
import XCTest

/// Spell checking asked for on an empty view starts when text first arrives, its checker loaded
/// ahead in an idle moment; the checker loads off the main thread and is shared by the views of
/// one document.
final class SpellingTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    func testAnEmptyViewStartsSpellingWithItsFirstText() {
        MainActor.assumeIsolated {
            let view = SourceView(buffer: SourceBuffer())
            view.checkSpellingOnceThereIsText(true)
            XCTAssertTrue(view.spellingWaitsForFirstText, "nothing to check yet: the checker waits")
            XCTAssertTrue(view.checksSpelling, "the menu's toggle sees spelling as on")
            XCTAssertTrue(MainLoop.run(until: { view.spellingGroup.loadedChecker != nil }, timeout: 10),
                          "an idle moment loads the checker, so that the first word typed does not wait for it")
            XCTAssertTrue(view.spellingWaitsForFirstText, "nothing is checked before there is text")
            XCTAssertNil(view.spellChecker)
            let loads = SpellCheckers.loadsStarted
            view.buffer.append("A wrod")
            XCTAssertTrue(MainLoop.run(until: { !view.spellingWaitsForFirstText }, timeout: 5), "the first text starts it")
            XCTAssertTrue(view.checksSpelling)
            XCTAssertTrue(MainLoop.run(until: { view.underlinesMisspeltWords }, timeout: 10), "the checker arrives and is used")
            XCTAssertEqual(SpellCheckers.loadsStarted, loads, "the checker loaded ahead is the one used")
        }
    }

    func testAViewWithTextStartsAtOnceAndOffNeverWaits() {
        MainActor.assumeIsolated {
            let full = SourceView(buffer: SourceBuffer())
            full.buffer.append("words")
            full.checkSpellingOnceThereIsText(true)
            XCTAssertFalse(full.spellingWaitsForFirstText)
            XCTAssertTrue(full.checksSpelling)
            XCTAssertTrue(MainLoop.run(until: { full.underlinesMisspeltWords }, timeout: 10))
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
            let loads = SpellCheckers.loadsStarted
            view.buffer.append("A wrod")
            XCTAssertTrue(MainLoop.runUntilIdle())
            XCTAssertFalse(view.checksSpelling, "the user's choice stands when text comes")
            XCTAssertNil(view.spellChecker, "no checker loaded for it")
            XCTAssertEqual(SpellCheckers.loadsStarted, loads, "nor asked for")
        }
    }

    func testTheCheckerLoadsOffTheCallAndKnowsWords() throws {
        try MainActor.assumeIsolated {
            var delivered: SpellChecker??
            SpellChecker.load(language: nil) { delivered = .some($0) }
            XCTAssertNil(delivered, "the caller does not wait for the dictionary")
            XCTAssertTrue(MainLoop.run(until: { delivered != nil }, timeout: 10), "it arrives on the main loop")
            let checker = try XCTUnwrap(delivered ?? nil)
            XCTAssertNotNil(checker.languageCode, "a dictionary is installed (hunspell-en-us): the locale's or English")
            XCTAssertTrue(checker.accepts("word"))
            XCTAssertFalse(checker.accepts("wrod"))
        }
    }

    func testViewsOfOneGroupShareOneCheckerLoadedOnce() throws {
        try MainActor.assumeIsolated {
            let group = SpellingGroup()
            let first = SourceView(buffer: SourceBuffer()), second = SourceView(buffer: SourceBuffer())
            (first.spellingGroup, second.spellingGroup) = (group, group)
            first.buffer.append("some words")
            second.buffer.append("the same document in another window")
            first.checksSpelling = true
            second.checksSpelling = true  // asked while the first load runs: waits for it
            XCTAssertTrue(MainLoop.run(until: { first.underlinesMisspeltWords && second.underlinesMisspeltWords }, timeout: 10))
            let shared = try XCTUnwrap(group.loadedChecker)
            XCTAssertTrue(first.spellChecker === shared && second.spellChecker === shared, "one checker, one dictionary")
            let other = SourceView(buffer: SourceBuffer())
            other.buffer.append("another document")
            other.checksSpelling = true
            XCTAssertTrue(MainLoop.run(until: { other.underlinesMisspeltWords }, timeout: 10))
            XCTAssertTrue(other.spellChecker === shared, "another document in the same language: the same dictionary")
        }
    }

    func testALanguagePickedMovesItsGroupAndOnlyIt() throws {
        try MainActor.assumeIsolated {
            let group = SpellingGroup()
            let first = SourceView(buffer: SourceBuffer()), second = SourceView(buffer: SourceBuffer()), other = SourceView(buffer: SourceBuffer())
            (first.spellingGroup, second.spellingGroup) = (group, group)
            for view in [first, second, other] {
                view.buffer.append("the colour of words")
                view.checksSpelling = true
            }
            XCTAssertTrue(MainLoop.run(until: { [first, second, other].allSatisfy(\.underlinesMisspeltWords) }, timeout: 10))
            let english = try XCTUnwrap(other.spellChecker)
            XCTAssertTrue(SpellChecker.languages.contains { $0.code == "en_GB" }, "hunspell-en-gb is installed (.ci/install-deps)")
            group.use(language: "en_GB")
            XCTAssertTrue(MainLoop.run(until: { first.spellChecker?.languageCode == "en_GB" && second.spellChecker?.languageCode == "en_GB" }, timeout: 10))
            XCTAssertTrue(first.spellChecker === second.spellChecker)
            XCTAssertTrue(try XCTUnwrap(first.spellChecker).accepts("colour"))
            XCTAssertTrue(other.spellChecker === english, "another document keeps its language")
            XCTAssertEqual(english.languageCode, "en_US", "and the shared checker its own")
            XCTAssertFalse(english.accepts("colour"))
            XCTAssertTrue(first.underlinesMisspeltWords, "still shown after the move")
        }
    }

    func testACheckerNoDocumentUsesIsLetGo() {
        MainActor.assumeIsolated {
            weak var released: SpellChecker?
            do {
                let view = SourceView(buffer: SourceBuffer())
                view.spellingGroup = SpellingGroup()
                view.buffer.append("words")
                view.checksSpelling = true
                XCTAssertTrue(MainLoop.run(until: { view.underlinesMisspeltWords }, timeout: 10))
                view.spellingGroup.use(language: "en_GB")
                XCTAssertTrue(MainLoop.run(until: { view.spellChecker?.languageCode == "en_GB" }, timeout: 10))
                released = view.spellChecker
                XCTAssertNotNil(released)
                view.destroy()
            }
            XCTAssertTrue(MainLoop.run(until: { released == nil }, timeout: 5), "no document in en_GB: its dictionary goes")
        }
    }

    func testOffAndOnAgainKeepsTheCheckerAndItsLanguage() throws {
        try MainActor.assumeIsolated {
            let view = SourceView(buffer: SourceBuffer())
            view.buffer.append("words")
            view.checksSpelling = true
            XCTAssertTrue(MainLoop.run(until: { view.underlinesMisspeltWords }, timeout: 10))
            let checker = try XCTUnwrap(view.spellChecker)
            view.checksSpelling = false
            XCTAssertFalse(view.underlinesMisspeltWords)
            view.checksSpelling = true
            XCTAssertTrue(view.underlinesMisspeltWords, "on again at once: nothing to load")
            XCTAssertTrue(view.spellChecker === checker, "the same checker, with the language the user picked")
        }
    }

    func testTurnedOffWhileLoadingStaysOffWhenTheCheckerComes() {
        MainActor.assumeIsolated {
            let view = SourceView(buffer: SourceBuffer())
            view.buffer.append("words")
            view.checksSpelling = true
            view.checksSpelling = false
            XCTAssertTrue(MainLoop.run(until: { view.spellingGroup.loadedChecker != nil }, timeout: 10))
            XCTAssertTrue(MainLoop.runUntilIdle())  // what the checker's arrival sets off has run
            XCTAssertFalse(view.underlinesMisspeltWords, "the user's last word stands")
            XCTAssertFalse(view.checksSpelling)
        }
    }
}
