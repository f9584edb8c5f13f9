@testable import Gtk
import XCTest

/// Spelling off the keystroke path (libspelling's design): a word being typed is flagged once the
/// caret leaves it, and only what the view shows is checked.
final class InlineSpellingTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    /// A view in a shown window, checking spelling with the locale's (or English) dictionary.
    @MainActor
    private static func shownView(_ text: String, width: Int? = nil) -> (Window, SourceView) {
        let window = Window(), scroller = ScrolledWindow(), view = SourceView(buffer: SourceBuffer())
        if let width { window.setDefaultSize(width: width, height: 200) }
        scroller.add(view)
        window.add(scroller)
        view.buffer.append(text)
        view.spellingGroup = SpellingGroup()
        view.checksSpelling = true
        window.showAll()
        XCTAssertTrue(MainLoop.run(until: { view.underlinesMisspeltWords }, timeout: 10), "the checker arrived")
        return (window, view)
    }

    /// Lets the main loop run its idles for a while (what did not happen cannot be waited for).
    @MainActor
    private static func settle() { _ = MainLoop.run(until: { false }, timeout: 0.5) }

    func testAWordBeingTypedIsFlaggedOnlyOnceTheCaretLeavesIt() {
        MainActor.assumeIsolated {
            let (window, view) = Self.shownView("A ")
            let buffer = view.buffer
            buffer.placeCaret(offset: 2)
            for character in "wrod" { buffer.userInsert(String(character), at: buffer.caretOffset) }
            Self.settle()
            XCTAssertFalse(view.isMisspelt(at: 3), "the word at the caret waits")
            buffer.userInsert(" ", at: buffer.caretOffset)
            XCTAssertTrue(MainLoop.run(until: { view.isMisspelt(at: 3) }, timeout: 5), "a space after it: flagged")
            XCTAssertFalse(view.isMisspelt(at: 0), "a word spelt right is not")
            // Typing into the flagged word takes its underline off at once, until the caret leaves.
            buffer.userInsert("s", at: 6)
            XCTAssertFalse(view.isMisspelt(at: 3))
            buffer.placeCaret(offset: 0)
            XCTAssertTrue(MainLoop.run(until: { view.isMisspelt(at: 3) }, timeout: 5), "the caret moved away: flagged again")
            window.destroy()
        }
    }

    func testAMisspeltWordIsDrawnUnderlinedAndTheUnderlineGoesWhenItIsRight() {
        MainActor.assumeIsolated {
            let (window, view) = Self.shownView("A wrod here\n", width: 400)
            XCTAssertTrue(MainLoop.run(until: { view.isMisspelt(at: 3) }, timeout: 5), "flagged")
            let underlined = view.redPixelCount()
            // GTK's red wave under four letters: a few pixels for each of them.
            XCTAssertGreaterThan(underlined, 8, "the underline is drawn")
            view.buffer.userReplace(2..<6, with: "word")
            view.buffer.placeCaret(offset: 0)
            XCTAssertTrue(MainLoop.run(until: { !view.isMisspelt(at: 3) }, timeout: 5))
            XCTAssertEqual(view.redPixelCount(), 0, "spelt right: no underline")
            window.destroy()
        }
    }

    /// GTK lays out again every line an underline is taken off, underlined or not: turning
    /// spelling on lays nothing out again, and off only the lines with an underline.
    func testUnderlinesAreTakenOffOnlyWhereThereAreAny() {
        MainActor.assumeIsolated {
            let right = Array(repeating: "all these words are right", count: 40).joined(separator: "\n")
            let (window, view) = Self.shownView(right)
            Self.settle()
            view.checksSpelling = false
            view.checksSpelling = true
            Self.settle()
            XCTAssertEqual(view.underlineRemovals, [], "no underline anywhere: none taken off")
            view.buffer.userInsert("a wrod here\n", at: 0)
            view.buffer.placeCaret(offset: view.buffer.characterCount)
            XCTAssertTrue(MainLoop.run(until: { view.isMisspelt(at: 3) }, timeout: 5), "flagged")
            let before = view.underlineRemovals.count
            view.checksSpelling = false
            XCTAssertEqual(Array(view.underlineRemovals[before...]), [2..<6], "off: the one underlined word, not the buffer")
            XCTAssertFalse(view.isMisspelt(at: 3))
            window.destroy()
        }
    }

    /// Text going into the buffer far from the words with the checker (the rest of a big file
    /// as a new window fills) leaves their answer good: it is applied, not asked again.
    func testAnEditFarFromTheWordsAskedAboutKeepsTheirAnswer() {
        MainActor.assumeIsolated {
            let right = Array(repeating: "all these words are right", count: 200).joined(separator: "\n")
            let (window, view) = Self.shownView("a wrod here\n" + right)
            // An edit at the end each time words go to the checker, before the answer comes.
            view.inlineSpelling?.whileAsking = { view.buffer.append("\nmore words that are right") }
            let flagged = MainLoop.run(until: { view.isMisspelt(at: 3) }, timeout: 5)
            XCTAssertTrue(flagged, "flagged while the buffer goes on growing below")
            window.destroy()
        }
    }

    func testOnlyTheTextTheViewShowsIsChecked() {
        MainActor.assumeIsolated {
            let lines = Array(repeating: "all these words are right", count: 3_000)
            var text = lines
            text[2_500] = "a wrod far below"
            let (window, view) = Self.shownView(text.joined(separator: "\n"))
            let far = text[..<2_500].reduce(0) { $0 + $1.count + 1 } + 2
            Self.settle()
            XCTAssertFalse(view.isMisspelt(at: far), "not shown: not checked")
            view.scrollToTop(line: 2_500)
            XCTAssertTrue(MainLoop.run(until: { view.isMisspelt(at: far) }, timeout: 5), "shown: checked")
            window.destroy()
        }
    }

    func testAWordAddedToTheDictionaryIsRightInEveryView() {
        MainActor.assumeIsolated {
            let word = "zqxtandemword"
            let (window, view) = Self.shownView("a \(word) here")
            let (otherWindow, other) = Self.shownView("another \(word) there")
            XCTAssertTrue(MainLoop.run(until: { view.isMisspelt(at: 3) && other.isMisspelt(at: 9) }, timeout: 5))
            let checker = view.spellChecker!
            checker.ignore(word)  // Ignore All: this session only, the user's word list untouched
            InlineSpelling.wordsChanged(in: checker)
            XCTAssertTrue(MainLoop.run(until: { !view.isMisspelt(at: 3) && !other.isMisspelt(at: 9) }, timeout: 5))
            var suggestions: [String]?
            checker.suggestions(for: "wrod") { suggestions = $0 }
            XCTAssertNil(suggestions, "asked on the checker's queue, answered on the main loop")
            XCTAssertTrue(MainLoop.run(until: { suggestions != nil }, timeout: 5))
            XCTAssertTrue(suggestions?.contains("word") ?? false, "suggestions come from the dictionary: \(suggestions ?? [])")
            window.destroy()
            otherWindow.destroy()
        }
    }

    /// Words are found in the edited text alone (the line around it is not broken into words
    /// again at every key): punctuation, an apostrophe, a digit and a run longer than the
    /// widening's reach still give the words Pango gives.
    func testWordsAmongPunctuationInALongLineAreFoundAsPangoFindsThem() {
        MainActor.assumeIsolated {
            let long = String(repeating: "x", count: InlineSpelling.reach * 2)
            let line = String(repeating: "all these words are right ", count: 80)
                + "(wrod), don't 3rd teh." + " url/\(long)/qzxv " + String(repeating: "right ", count: 80)
            let (window, view) = Self.shownView(line)
            let at = { (word: String) in line.distance(from: line.startIndex, to: line.range(of: word)!.lowerBound) }
            XCTAssertTrue(MainLoop.run(until: { view.isMisspelt(at: at("wrod")) && view.isMisspelt(at: at("teh.")) }, timeout: 5),
                          "misspelt words between brackets and before a full stop")
            XCTAssertFalse(view.isMisspelt(at: at("don't")), "an apostrophe inside a word")
            XCTAssertFalse(view.isMisspelt(at: at("3rd")), "a word with a digit is left alone")
            XCTAssertFalse(view.isMisspelt(at: at("all")))
            XCTAssertTrue(view.isMisspelt(at: at("qzxv")), "a word after a run past the reach")
            // Typed in the middle of the long line, after a word: flagged once the caret leaves it.
            let buffer = view.buffer
            let place = at("right (wrod)") + 5
            buffer.placeCaret(offset: place)
            for character in " speling" { buffer.userInsert(String(character), at: buffer.caretOffset) }
            Self.settle()
            XCTAssertFalse(view.isMisspelt(at: place + 2), "the word at the caret waits")
            buffer.placeCaret(offset: 0)
            XCTAssertTrue(MainLoop.run(until: { view.isMisspelt(at: place + 2) }, timeout: 5), "the caret left it: flagged")
            XCTAssertTrue(view.isMisspelt(at: at("wrod") + 8), "the word after it is still flagged")
            XCTAssertFalse(view.isMisspelt(at: place - 2), "the word before it is still right")
            window.destroy()
        }
    }
}
