import TestSupport
import XCTest
@testable import Documents

/// Many carets as a pure model: the edits a key makes at every caret, carets carried by edits, and
/// the store taking a key at many carets as one event and one undo step.
final class CaretSetTests: XCTestCase {
    private typealias Caret = CaretSet.Caret

    /// `text` after `edits` (ascending, in the offsets before them).
    private func applying(_ edits: [Edit], to text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        for edit in edits.reversed() { scalars.replaceSubrange(edit.range, with: Array(edit.replacement.unicodeScalars)) }
        return String(String.UnicodeScalarView(scalars))
    }

    private func carets(_ offsets: [Int], main: Int) -> CaretSet {
        var set = CaretSet()
        for offset in offsets { XCTAssertTrue(set.add(Caret(at: offset), besides: Caret(at: main))) }
        return set
    }

    func testTypingBackspaceAndDeleteAreMadeAtEveryCaret() throws {
        let text = "one\ntwo\nthree\n"
        let set = carets([8, 4], main: 0)
        XCTAssertEqual(set.extras.map(\.offset), [4, 8], "kept in the text's order")
        let typed = try XCTUnwrap(set.edits(repeating: .insert("X", at: 0), at: Caret(at: 0), textCount: 14))
        XCTAssertEqual(applying(typed.edits, to: text), "Xone\nXtwo\nXthree\n")
        XCTAssertEqual(typed.main, 0)
        // Backspace at the main caret after "on": the character before each caret goes.
        let backspace = try XCTUnwrap(carets([6, 10], main: 2).edits(repeating: Edit(range: 1..<2, replacement: ""), at: Caret(at: 2), textCount: 14))
        XCTAssertEqual(applying(backspace.edits, to: text), "oe\nto\ntree\n")
        // Delete with the main caret last in the text.
        let delete = try XCTUnwrap(carets([0, 4], main: 8).edits(repeating: Edit(range: 8..<9, replacement: ""), at: Caret(at: 8), textCount: 14))
        XCTAssertEqual(delete.main, 2)
        XCTAssertEqual(applying(delete.edits, to: text), "ne\nwo\nhree\n")
    }

    func testASelectionIsReplacedAndAPasteOfAsManyLinesGivesEachCaretItsOwn() throws {
        let text = "a = x\nb = y\nc = z\n"
        var set = CaretSet()
        set.add(Caret(anchor: 10, offset: 11), besides: Caret(anchor: 4, offset: 5))  // "y"
        let typed = try XCTUnwrap(set.edits(repeating: Edit(range: 4..<5, replacement: "1"), at: Caret(anchor: 4, offset: 5), textCount: 18))
        XCTAssertEqual(applying(typed.edits, to: text), "a = 1\nb = 1\nc = z\n", "each selection replaced")
        let three = carets([11, 17], main: 5)
        let pasted = try XCTUnwrap(three.edits(repeating: .insert("1\n2\n3\n", at: 5), at: Caret(at: 5), textCount: 18, pastes: true))
        XCTAssertEqual(applying(pasted.edits, to: text), "a = x1\nb = y2\nc = z3\n", "a final line break aside, three lines for three carets")
        let typedLines = try XCTUnwrap(three.edits(repeating: .insert("1\n2\n3", at: 5), at: Caret(at: 5), textCount: 18))
        XCTAssertEqual(applying(typedLines.edits, to: text), "a = x1\n2\n3\nb = y1\n2\n3\nc = z1\n2\n3\n", "not a paste: the same text at each")
        XCTAssertNil(three.edits(repeating: .insert("!", at: 0), at: Caret(at: 5), textCount: 18), "not at the main caret: not repeated")
    }

    func testAReachGivenForEachCaretReplacesTheMainCaretsReach() throws {
        // Ctrl+BackSpace at the end of "ab cd" took "cd": the other caret's word is "ijklm".
        let text = "ab cd\nefgh ijklm\n"
        let words = try XCTUnwrap(carets([16], main: 5).edits(repeating: Edit(range: 3..<5, replacement: ""), at: Caret(at: 5), textCount: 17,
                                                              reach: { offset in (offset == 16 ? 11 : 3)..<offset }))
        XCTAssertEqual(applying(words.edits, to: text), "ab \nefgh \n")
    }

    func testCaretsFollowEditsAndMergeWhereTheyMeet() {
        var set = carets([4, 8], main: 0)
        XCTAssertFalse(set.add(Caret(at: 4), besides: Caret(at: 0)), "one caret to a place")
        XCTAssertFalse(set.add(Caret(at: 0), besides: Caret(at: 0)), "not on the main caret")
        set.transform(.insert("ab", at: 2))
        XCTAssertEqual(set.extras.map(\.offset), [6, 10])
        set.transform(Edit(range: 5..<11, replacement: ""))
        XCTAssertEqual(set.extras.map(\.offset), [5, 5], "both carried to the deletion's start")
        set.move(besides: Caret(at: 0), limit: 7) { Caret(at: $0.offset + 10) }
        XCTAssertEqual(set.extras.map(\.offset), [7], "moved past the end: kept at it, and one")
        set.move(besides: Caret(at: 3), limit: 7) { _ in Caret(at: 3) }
        XCTAssertTrue(set.isEmpty, "moved onto the main caret: gone")
    }

    /// Many carets added at once (every occurrence) or moved together are kept apart in one sort:
    /// what is kept is in order and apart, and each caret left out meets one kept or the main one.
    func testCaretsAddedTogetherAreKeptApartAsOneByOne() {
        var random = SplitMix64(testSeed: 47)
        let meet = { (a: Caret, b: Caret) -> Bool in
            var probe = CaretSet()
            return !probe.add(a, besides: b)
        }
        for _ in 0..<200 {
            let main = Caret(at: Int.random(in: 0...60, using: &random))
            let carets = (0..<Int.random(in: 0...30, using: &random)).map { _ -> Caret in
                let anchor = Int.random(in: 0...60, using: &random)
                return Caret(anchor: anchor, offset: Swift.max(0, anchor + Int.random(in: -3...3, using: &random)))
            }
            var set = CaretSet()
            set.add(contentsOf: carets, besides: main)
            let kept = set.extras
            XCTAssertEqual(kept.map(\.selection.lowerBound), kept.map(\.selection.lowerBound).sorted())
            for (i, a) in kept.enumerated() {
                XCTAssertFalse(meet(a, main))
                for b in kept[(i + 1)...] { XCTAssertFalse(meet(a, b), "\(a) and \(b) both kept") }
            }
            for caret in carets where !kept.contains(caret) {
                XCTAssertTrue(meet(caret, main) || kept.contains { meet(caret, $0) }, "\(caret) left out for nothing")
            }
        }
    }

    func testAKeyAtManyCaretsIsOneEventInEveryViewAndOneUndoStep() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert("one\ntwo\nthree\n", at: 0), to: document)
            store.sealUndoStep(document)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            XCTAssertTrue(store.apply(together: [.insert("X", at: 0), .insert("X", at: 4), .insert("X", at: 8)], to: document, origin: 7))
            XCTAssertEqual(document.text, "Xone\nXtwo\nXthree\n")
            let batches = events.compactMap { event -> EditBatch? in
                if case .editedTogether(let batch, 7, false) = event { return batch }
                return nil
            }
            XCTAssertEqual(batches.count, 1, "one event for the three edits")
            XCTAssertFalse(store.apply(together: [.insert("Y", at: 4), .insert("Y", at: 0)], to: document), "not ascending: refused")
            store.apply(.insert("Z", at: 18), to: document)
            store.undo(document)
            store.undo(document)
            XCTAssertEqual(document.text, "one\ntwo\nthree\n", "the next key was a step of its own, the three X one")
            withExtendedLifetime(subscription) {}
        }
    }
}
