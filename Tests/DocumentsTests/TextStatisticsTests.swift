import Documents
import TestSupport
import XCTest

/// Words and characters counted as `wc` counts them, and kept up to date edit by edit exactly as
/// a recount would find them.
final class TextStatisticsTests: XCTestCase {
    func testWordsAreRunsOfCharactersThatAreNotWhiteSpace() {
        let counts = TextStatistics(of: "Grüße, world!\tone-two  three\r\n\u{2029}x")
        XCTAssertEqual(counts.words, 5)
        XCTAssertEqual(counts.characters, 32)
        XCTAssertEqual(counts.nonBlankCharacters, 25)
        XCTAssertEqual(TextStatistics(of: ""), TextStatistics())
    }

    func testARopeIsCountedAsItsTextWithWordsAcrossItsPieces() {
        let text = String(repeating: "a word that crosses leaves ", count: 2_000)
        XCTAssertEqual(TextStatistics(of: TextStorage(text)), TextStatistics(of: text))
    }

    /// Random edits (inside words, between them, joining and splitting them, across lines) on a
    /// rope of several leaves: each edit's change, added up, is what a recount finds.
    func testCountsFollowedEditByEditEqualARecount() {
        var generator = SplitMix64(testSeed: 47)
        let pieces = ["a", "b", " ", "\n", "word", " two ", "ü", "\t", "xy z", "", "\r\n"]
        for run in 0..<20 {
            var text = TextStorage(String(repeating: "some words here\nand there ", count: 300))
            var counts = TextStatistics(of: text)
            for step in 0..<200 {
                let at = Int(generator.next() % UInt64(text.count + 1))
                let length = min(text.count - at, Int(generator.next() % 6))
                let edit = Edit(range: at..<(at + length), replacement: pieces[Int(generator.next() % UInt64(pieces.count))])
                let old = text
                text.replace(edit.range, with: edit.replacement)
                let change = TextStatistics.change(by: edit, from: old, to: text)
                counts = TextStatistics(words: counts.words + change.words, characters: counts.characters + change.characters,
                                        nonBlankCharacters: counts.nonBlankCharacters + change.nonBlankCharacters)
                XCTAssertEqual(counts, TextStatistics(of: text), "run \(run), step \(step): \(edit)")
                if counts != TextStatistics(of: text) { return }
            }
        }
    }

    /// The document's counts follow the store's edits without a recount; a big document is
    /// counted on a worker, the edits made meanwhile added once it is back.
    func testADocumentsCountsFollowItsEditsAndABigOneIsCountedOnAWorker() {
        MainActor.assumeIsolated { Self.followed() }
    }

    @MainActor private static func followed() {
        let store = DocumentStore()
        let document = store.newUntitled()
        store.apply(.insert(String(repeating: "one two three\n", count: 100_000), at: 0), to: document)
        let statistics = DocumentStatistics(document: document)
        // Each event as the store delivers it, right after its edit (as a window hands them on).
        let subscription = store.subscribe(to: document) { statistics.follow($0) }
        XCTAssertNil(statistics.counts, "1.4 MB: counted on a worker")
        store.apply(.insert("four ", at: 0), to: document)
        XCTAssertTrue(BackgroundSaveTests.spin { statistics.counts != nil })
        XCTAssertEqual(statistics.counts, TextStatistics(of: document.storage))
        store.apply(.delete(0..<5), to: document)
        store.apply(.insert("x", at: 3), to: document)  // "onex two": no word more, one character more
        XCTAssertEqual(statistics.counts, TextStatistics(of: document.storage))
        XCTAssertEqual(statistics.counts?.words, 300_000)
        withExtendedLifetime(subscription) {}
    }
}
