import Documents
@testable import Editing
import Foundation
import Gtk
import TestSupport
import XCTest

/// Find and Replace over the store: matches beyond a window of a few lines are found, counted,
/// stepped through both ways round the ends, and replaced as one undo step; the block-wise search
/// agrees with a plain search of the whole text.
final class DocumentFinderTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw BufferBindingTests.NoDisplay()
            }
        }
    }

    private static func pattern(_ text: String, regex: Bool = false, caseSensitive: Bool = false, wholeWords: Bool = false) -> TextPattern {
        try! TextPattern(text: text, isRegex: regex, isCaseSensitive: caseSensitive, matchesWholeWords: wholeWords)
    }

    func testPatternsCountCharactersAndHonourTheirOptions() throws {
        let text = "café Cafe CAFE cafeteria ça\n(a+b) a+b\n"
        XCTAssertEqual(Self.pattern("cafe").matches(in: text).map(\.range), [5..<9, 10..<14, 15..<19])
        XCTAssertEqual(Self.pattern("cafe", caseSensitive: true).matches(in: text).map(\.range), [15..<19])
        XCTAssertEqual(Self.pattern("cafe", wholeWords: true).matches(in: text).map(\.range), [5..<9, 10..<14])
        XCTAssertEqual(Self.pattern("ça").matches(in: text, base: 100).map(\.range), [125..<127], "offsets are characters, not bytes")
        XCTAssertEqual(Self.pattern("a+b").matches(in: text).map(\.range), [29..<32, 34..<37], "plain text is not an expression")
        XCTAssertEqual(Self.pattern("(a)\\+(b)", regex: true).matches(in: text, replacement: "\\2-\\1").map(\.replacement), ["b-a", "b-a"])
        XCTAssertEqual(Self.pattern("^\\(", regex: true).matches(in: text).map(\.range), [28..<29], "^ is any line's start")
        XCTAssertThrowsError(try TextPattern(text: "(", isRegex: true, isCaseSensitive: false, matchesWholeWords: false)) { error in
            XCTAssertFalse((error as? TextPattern.Invalid)?.message.isEmpty ?? true)
        }
        XCTAssertEqual(Self.pattern("x*", regex: true).matches(in: "ab"), [], "empty matches are not matches")
    }

    /// Block-wise search (blocks much smaller than the text) finds exactly what one search of the
    /// whole text does, first and last from any offset, round the ends.
    func testBlockWiseSearchAgreesWithAWholeTextSearch() {
        var rng = SplitMix64(testSeed: 5)
        let words = ["needle", "hay", "stack", "needles", "é", "\n", "\n", "  "]
        var pieces: [String] = [], length = 0
        while length < DocumentSearch.blockCharacters * 3 {
            pieces.append(words.randomElement(using: &rng)!)
            if Int.random(in: 0..<2_000, using: &rng) == 0 { pieces.append(String(repeating: "x", count: 20_000) + "\n") }
            length += pieces.last!.unicodeScalars.count
        }
        let text = pieces.joined()
        let storage = TextStorage(text)
        for pattern in [Self.pattern("needle"), Self.pattern("needle", wholeWords: true), Self.pattern("^stack", regex: true)] {
            let whole = pattern.matches(in: text).map(\.range)
            XCTAssertEqual(DocumentSearch.allMatches(of: pattern, in: storage)?.map(\.range), whole)
            XCTAssertGreaterThan(whole.count, 100)
            for _ in 0..<20 {
                let offset = Int.random(in: 0...storage.count, using: &rng)
                let next = whole.first { $0.lowerBound >= offset } ?? whole.first
                XCTAssertEqual(DocumentSearch.firstMatch(of: pattern, in: storage, from: offset)?.range, next, "next from \(offset)")
                let previous = whole.last { $0.upperBound <= offset } ?? whole.last
                XCTAssertEqual(DocumentSearch.lastMatch(of: pattern, in: storage, before: offset)?.range, previous, "previous from \(offset)")
            }
        }
        XCTAssertNil(DocumentSearch.firstMatch(of: Self.pattern("absent"), in: storage, from: 10))
        XCTAssertNil(DocumentSearch.lastMatch(of: Self.pattern("absent"), in: storage, before: 10))
    }

    func testStepsCountAndReplacementsReachBeyondTheWindow() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 5)
            binding.buffer.userInsert((0..<60).map { $0 % 20 == 7 ? "a needle \($0)" : "hay \($0)" }.joined(separator: "\n"), at: 0)
            binding.show(lines: 0, count: 5)
            let finder = DocumentFinder(binding: binding)
            var told = 0
            finder.onCountChanged = { told += 1 }
            finder.search(Self.pattern("NEEDLE"))
            XCTAssertEqual(finder.matchCount, 3)
            XCTAssertGreaterThan(told, 0)
            let text = document.storage
            let lines = (0..<3).map { text.offset(ofLine: 7 + 20 * $0) + 2 }
            XCTAssertEqual(finder.step(forward: true), .selected)
            XCTAssertEqual(binding.selection, lines[0]..<(lines[0] + 6))
            XCTAssertEqual(binding.selectedText, "needle")
            XCTAssertEqual(finder.selectedMatchPosition, 1)
            XCTAssertEqual(finder.step(forward: true), .selected)
            XCTAssertEqual(finder.step(forward: true), .selected)
            XCTAssertEqual(finder.selectedMatchPosition, 3)
            XCTAssertTrue(binding.window.contains(lines[2]), "the window slid to the match")
            XCTAssertEqual(finder.step(forward: true), .selected)
            XCTAssertEqual(finder.selectedMatchPosition, 1, "round the end to the first")
            XCTAssertEqual(finder.step(forward: false), .selected)
            XCTAssertEqual(finder.selectedMatchPosition, 3, "back round the start to the last")

            XCTAssertTrue(finder.replaceSelected(with: "pin"))
            XCTAssertEqual(document.storage.substring(lines[2]..<(lines[2] + 3)), "pin")
            XCTAssertEqual(binding.selection, lines[0]..<(lines[0] + 6), "the next match is selected")
            finder.search(Self.pattern("NEEDLE"))
            XCTAssertEqual(finder.matchCount, 2, "one was replaced")
            store.apply(.insert("a needle\n", at: 0), to: document)
            finder.documentEdited(.insert("a needle\n", at: 0))
            XCTAssertEqual(finder.matchCount, 3, "the count follows an edit")
            let before = document.storage.string
            finder.search(Self.pattern("(\\d+)$", regex: true))
            XCTAssertEqual(finder.replaceAll(with: "#\\1"), 60)
            XCTAssertTrue(document.storage.string.hasSuffix("hay #59"))
            XCTAssertTrue(document.storage.string.contains("a needle #27\n"))
            XCTAssertEqual(binding.buffer.text, document.storage.substring(binding.window.range), "the window followed")
            store.sealUndoStep(document)
            binding.undo()
            XCTAssertEqual(document.storage.string, before, "Replace All undoes as one step")
        }
    }

    /// A match that already reads as its replacement is not an edit: Replace All of "beta" by
    /// "beta" makes no undo step, so the next Ctrl+Z undoes what was typed before it; with some
    /// matches different, only those change, in one step.
    func testMatchesThatAreTheirReplacementMakeNoStep() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 5)
            binding.buffer.userInsert("alpha beta\nBeta beta\n", at: 0)
            store.sealUndoStep(document)
            binding.buffer.userInsert("typed ", at: 0)
            store.sealUndoStep(document)
            let finder = DocumentFinder(binding: binding)
            finder.search(Self.pattern("beta", caseSensitive: true))
            let edits = document.editCount
            XCTAssertEqual(finder.replaceAll(with: "beta"), 2, "the two matches counted")
            XCTAssertEqual(document.editCount, edits, "nothing changed, nothing recorded")
            XCTAssertEqual(finder.step(forward: true), .selected)
            XCTAssertTrue(finder.replaceSelected(with: "beta"))
            XCTAssertEqual(document.editCount, edits)
            binding.undo()
            XCTAssertEqual(document.storage.string, "alpha beta\nBeta beta\n", "Ctrl+Z undid the typing, not a replacement")
            binding.redo()
            finder.search(Self.pattern("beta"))
            XCTAssertEqual(finder.replaceAll(with: "beta"), 3)
            XCTAssertEqual(document.storage.string, "typed alpha beta\nbeta beta\n")
            binding.undo()
            XCTAssertEqual(document.storage.string, "typed alpha beta\nBeta beta\n", "the one that changed is one step")
        }
    }

    /// As the user types in Find: the first match at or after where the search started, round
    /// the end to the first; none while the matches are not counted.
    func testTheFirstMatchFromAPlaceIsSelectedRoundTheEnd() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 5)
            binding.buffer.userInsert((0..<60).map { $0 % 20 == 7 ? "a needle \($0)" : "hay \($0)" }.joined(separator: "\n"), at: 0)
            let finder = DocumentFinder(binding: binding)
            XCTAssertNil(finder.selectFirst(from: 0), "nothing searched for")
            finder.search(Self.pattern("needle"))
            let text = document.storage
            let lines = (0..<3).map { text.offset(ofLine: 7 + 20 * $0) + 2 }
            XCTAssertEqual(finder.selectFirst(from: lines[1]), true)
            XCTAssertEqual(binding.selection, lines[1]..<(lines[1] + 6), "a match starting there is the first")
            XCTAssertEqual(finder.selectFirst(from: lines[1] + 1), true)
            XCTAssertEqual(binding.selection, lines[2]..<(lines[2] + 6))
            XCTAssertTrue(binding.window.contains(lines[2]), "the window slid to the match")
            XCTAssertEqual(finder.selectFirst(from: lines[2] + 1), true)
            XCTAssertEqual(binding.selection, lines[0]..<(lines[0] + 6), "round the end")
            finder.search(Self.pattern("thimble"))
            XCTAssertEqual(finder.selectFirst(from: 0), false)
            XCTAssertEqual(binding.selection, lines[0]..<(lines[0] + 6), "no match: the selection stays")
        }
    }

    /// Followed edit by edit (each searching only the lines it touched), the matches are always
    /// the ones a whole count finds; a burst longer than the finder follows drops the count, and
    /// it is made again once the edits pause.
    func testTheCountFollowsEditsAsAWholeCountWould() {
        MainActor.assumeIsolated {
            guard MainLoop.initialize() else { return XCTFail("GTK could not open a display: run the tests under xvfb-run.") }
            var rng = SplitMix64(testSeed: 21)
            let store = DocumentStore()
            let document = store.newUntitled()
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            store.apply(.insert((0..<400).map { $0 % 7 == 0 ? "needle \($0) needles" : "hay \($0)" }.joined(separator: "\n"), at: 0), to: document)
            let finder = DocumentFinder(binding: binding)
            for pattern in [Self.pattern("needle"), Self.pattern("needle", wholeWords: true), Self.pattern("^hay \\d+$", regex: true)] {
                finder.search(pattern)
                for step in 0..<60 {
                    let text = document.storage
                    let at = Int.random(in: 0...text.count, using: &rng)
                    let end = min(text.count, at + Int.random(in: 0...30, using: &rng))
                    let edit = Edit(range: at..<end, replacement: ["needle", "\n", "", "hay 1\nhay", " ", "ne"].randomElement(using: &rng)!)
                    store.apply(edit, to: document)
                    finder.documentEdited(edit)
                    let whole = DocumentSearch.allMatches(of: pattern, in: document.storage)?.count
                    XCTAssertEqual(finder.matchCount, whole, "\(pattern.expression), edit \(step)")
                }
                MainLoop.run(until: { false }, timeout: 0.2)  // the burst ends
            }
            for n in 0...DocumentFinder.editsFollowed {
                let edit = Edit.insert("needle ", at: n)
                store.apply(edit, to: document)
                finder.documentEdited(edit)
            }
            XCTAssertNil(finder.matchCount, "past a burst, the count is dropped")
            MainLoop.run(until: { finder.matchCount != nil }, timeout: 5)
            XCTAssertEqual(finder.matchCount, DocumentSearch.allMatches(of: finder.pattern!, in: document.storage)?.count)
        }
    }

    /// In a big document whose matches are still being counted, a step searches off the main
    /// thread and selects what it finds once back, unless the text changed meanwhile; once the
    /// matches are counted, a step takes them and searches nothing.
    func testABigDocumentsStepSearchesOffTheMainThreadWhileItCounts() {
        MainActor.assumeIsolated {
            MainLoop.installMainQueueBridge()  // where the searches' answers come back
            let store = DocumentStore()
            let document = store.newUntitled()
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            let hay = String(repeating: "hay and more hay\n", count: DocumentFinder.countsAtOnce / 17 * 3)
            store.apply(.insert("a needle\n" + hay + "the last needle\n", at: 0), to: document)
            let last = document.storage.count - 7
            let finder = DocumentFinder(binding: binding)
            binding.select(anchor: 20, caret: 20)
            finder.search(Self.pattern("needle"))
            XCTAssertNil(finder.matchCount, "a big document is counted off the main thread")
            var answers: [Bool] = []
            XCTAssertEqual(finder.step(forward: true) { answers.append($0) }, .searching)
            XCTAssertEqual(binding.selection, 20..<20, "nothing selected before the search is back")
            MainLoop.run(until: { !answers.isEmpty }, timeout: 20)
            XCTAssertEqual(answers, [true])
            XCTAssertEqual(binding.selection, last..<(last + 6))

            finder.search(Self.pattern("needle"))
            XCTAssertEqual(finder.step(forward: false) { answers.append($0) }, .searching)
            store.apply(.insert("x", at: 0), to: document)
            finder.documentEdited(.insert("x", at: 0))
            MainLoop.run(until: { finder.matchCount != nil }, timeout: 20)
            MainLoop.run(until: { false }, timeout: 0.3)
            XCTAssertEqual(answers, [true], "a search the text changed under is dropped")
            XCTAssertEqual(finder.matchCount, 2)
            XCTAssertEqual(finder.step(forward: true), .selected, "counted: taken from the matches")
            XCTAssertEqual(binding.selection, 3..<9, "round the end to the first")
            XCTAssertEqual(finder.step(forward: false), .selected)
            XCTAssertEqual(binding.selection, (last + 1)..<(last + 7))
        }
    }

    /// Past the matches whose ranges are kept, they are counted all the same, and steps and the
    /// first match from a place beyond them are searched for: each lands where a search of the
    /// whole text says, both ways round the ends.
    func testMatchesPastThoseKeptAreCountedAndSteppedToBySearching() {
        MainActor.assumeIsolated {
            MainLoop.installMainQueueBridge()
            let store = DocumentStore()
            let document = store.newUntitled()
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            store.apply(.insert((0..<300).map { $0 % 3 == 0 ? "a pin here \($0)" : "hay \($0)" }.joined(separator: "\n"), at: 0), to: document)
            let finder = DocumentFinder(binding: binding)
            finder.keptMatches = 40
            finder.search(Self.pattern("pin"))
            let whole = Self.pattern("pin").matches(in: document.storage.string).map(\.range)
            XCTAssertEqual(finder.matchCount, 100, "counted past those kept")
            XCTAssertEqual(whole.count, 100)
            binding.select(anchor: whole[38].lowerBound, caret: whole[38].upperBound)
            XCTAssertEqual(finder.selectedMatchPosition, 39)
            var answers: [Bool] = []
            for expected in [whole[39], whole[40], whole[41]] {
                if finder.step(forward: true, then: { answers.append($0) }) == .searching {
                    MainLoop.run(until: { answers.count == 1 }, timeout: 10)
                    answers = []
                }
                XCTAssertEqual(binding.selection, expected)
            }
            XCTAssertNil(finder.selectedMatchPosition, "a match past those kept has no number")
            binding.select(anchor: whole[99].lowerBound, caret: whole[99].upperBound)
            XCTAssertEqual(finder.step(forward: true), .selected, "round the end: the first match is kept")
            XCTAssertEqual(binding.selection, whole[0])
            XCTAssertEqual(finder.step(forward: false) { answers.append($0) }, .selected, "the last is not kept, but the text is small: searched at once")
            XCTAssertEqual(binding.selection, whole[99])
            XCTAssertEqual(finder.selectFirst(from: whole[70].lowerBound - 1), true)
            XCTAssertEqual(binding.selection, whole[70], "the first match from a place past those kept")
            XCTAssertEqual(finder.selectFirst(from: whole[10].lowerBound), true)
            XCTAssertEqual(binding.selection, whole[10])
        }
    }

    /// A big document's count off the main thread says how far it has got, moving up, and says
    /// nothing more once the count is known.
    func testABigDocumentsCountSaysHowFarItHasGot() {
        MainActor.assumeIsolated {
            MainLoop.installMainQueueBridge()
            let store = DocumentStore()
            let document = store.newUntitled()
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            let hay = String(repeating: "hay and a needle\n", count: DocumentFinder.countsAtOnce / 17 * 4)
            store.apply(.insert(hay, at: 0), to: document)
            let finder = DocumentFinder(binding: binding)
            finder.countProgressInterval = 0
            var seen: [Double] = []
            finder.onCountChanged = { if let share = finder.countProgress { seen.append(share) } }
            finder.search(Self.pattern("needle"))
            XCTAssertEqual(finder.countProgress, 0, "counting, from nothing yet")
            MainLoop.run(until: { finder.matchCount != nil }, timeout: 30)
            XCTAssertEqual(finder.matchCount, document.storage.lineCount - 1)
            XCTAssertNil(finder.countProgress, "a count known has no progress")
            XCTAssertGreaterThan(seen.filter { $0 > 0 && $0 < 1 }.count, 1, "it moved on the way: \(seen)")
            XCTAssertEqual(seen, seen.sorted(), "and only up")
        }
    }
}
