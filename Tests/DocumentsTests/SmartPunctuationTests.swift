import XCTest
@testable import Documents

/// Smart punctuation: what typing each key into prose turns into, one key at a time.
final class SmartPunctuationTests: XCTestCase {
    /// The text after typing `keys` one by one after `start`, each substitution applied as the
    /// window applies it.
    private func typed(_ keys: String, after start: String = "", language: String? = nil) -> String {
        var text = TextStorage(start)
        for key in keys {
            let end = text.count
            text.replace(end..<end, with: String(key))
            if let edit = SmartPunctuation.substitution(in: text, typedEnd: text.count, typed: String(key), language: language) {
                text.replace(edit.range, with: edit.replacement)
            }
        }
        return text.string
    }

    func testQuotesOpenAfterABlankOrABracketAndCloseAfterAWord() {
        XCTAssertEqual(typed("\"Hello,\" she said."), "\u{201C}Hello,\u{201D} she said.")
        XCTAssertEqual(typed("(\"a\")"), "(\u{201C}a\u{201D})")
        XCTAssertEqual(typed("'quoted' text"), "\u{2018}quoted\u{2019} text")
        XCTAssertEqual(typed("\"'nested'\""), "\u{201C}\u{2018}nested\u{2019}\u{201D}")
        XCTAssertEqual(typed("x\n\"y"), "x\n\u{201C}y", "a quote at a line's start opens")
    }

    func testGermanQuotesOpenLow() {
        XCTAssertEqual(typed("Er sagte: \"Das 'ist' es.\"", language: "de_DE"), "Er sagte: \u{201E}Das \u{201A}ist\u{2018} es.\u{201C}")
        XCTAssertEqual(typed("\"Geht's?\"", language: "de_AT"), "\u{201E}Geht\u{2019}s?\u{201C}", "the apostrophe is the same")
        XCTAssertEqual(typed("Hans' Haus, 'Hans'", language: "de"), "Hans\u{2019} Haus, \u{201A}Hans\u{2018}", "an apostrophe unless a quote is open")
        XCTAssertEqual(typed("\"a\"", language: "en_GB"), "\u{201C}a\u{201D}")
        XCTAssertEqual(typed("\"a\"", language: "dek"), "\u{201C}a\u{201D}", "only German's codes")
    }

    func testAnApostropheInAWordCloses() {
        XCTAssertEqual(typed("don't it's Anne's"), "don\u{2019}t it\u{2019}s Anne\u{2019}s")
        XCTAssertEqual(typed("the 1990's"), "the 1990\u{2019}s")
    }

    func testHyphensBecomeDashesButNotAtALineStart() {
        XCTAssertEqual(typed("pages 1--9"), "pages 1\u{2013}9")
        XCTAssertEqual(typed("wait---no"), "wait\u{2014}no")
        XCTAssertEqual(typed("a well-known one"), "a well-known one")
        XCTAssertEqual(typed("---\ntitle: x\n---\n"), "---\ntitle: x\n---\n", "Markdown's rules and front matter stay")
        XCTAssertEqual(typed("-- a list item"), "-- a list item")
    }

    func testThreeFullStopsAreAnEllipsis() {
        XCTAssertEqual(typed("Well... then"), "Well\u{2026} then")
        XCTAssertEqual(typed("1.2.3"), "1.2.3")
        XCTAssertEqual(typed("...."), "\u{2026}.")
    }

    func testOtherKeysAndPastesAreLeftAsTyped() {
        let text = TextStorage("a\"b")
        XCTAssertNil(SmartPunctuation.substitution(in: text, typedEnd: 3, typed: "b"))
        XCTAssertNil(SmartPunctuation.substitution(in: text, typedEnd: 3, typed: "\"b"), "more than a key: a paste")
        XCTAssertNil(SmartPunctuation.substitution(in: TextStorage(""), typedEnd: 0, typed: "\""))
    }
}
