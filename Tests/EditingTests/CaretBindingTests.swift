import Documents
import Editing
import Gtk
import TestSupport
import XCTest

/// Many carets in a real buffer, checked against a model: random keys at random carets, each made
/// at every caret; the store, this window's buffer and another window's always hold the model's
/// text, the carets stand where the model says, and undo takes the keys back one at a time.
final class CaretBindingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw NoDisplay()
            }
        }
    }
    struct NoDisplay: Error {}

    private static func string(_ scalars: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(scalars)) }

    func testRandomKeysAtRandomCaretsMatchAModelInEveryBuffer() {
        MainActor.assumeIsolated {
            var rng = SplitMix64(testSeed: 4747)
            for round in 0..<30 {
                let store = DocumentStore()
                let document = store.newUntitled()
                let typist = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
                let other = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
                let lines = (0..<8).map { n in "line \(n) " + String(repeating: "ab ", count: Int.random(in: 0..<4, using: &rng)) }
                let initial = lines.joined(separator: "\n") + "\n"
                typist.buffer.userInsert(initial, at: 0)
                store.sealUndoStep(document)
                // The model: the text, and the carets as offsets, one per line on distinct lines.
                var model = Array(initial.unicodeScalars)
                let chosen = Array((0..<8).shuffled(using: &rng).prefix(Int.random(in: 2...5, using: &rng))).sorted()
                var carets = chosen.map { line in
                    let start = lines[..<line].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
                    return start + Int.random(in: 1...(lines[line].unicodeScalars.count - 1), using: &rng)
                }
                let main = carets.randomElement(using: &rng)!
                typist.select(anchor: main, caret: main)
                for offset in carets where offset != main { XCTAssertTrue(typist.addCaret(atBuffer: offset)) }
                var steps = 0
                for step in 0..<12 {
                    let lineStarts = Set(model.indices.filter { $0 == 0 || model[$0 - 1] == "\n" })
                    let atLineStart = carets.contains { lineStarts.contains($0) }
                    let atLineEnd = carets.contains { $0 >= model.count || model[$0] == "\n" }
                    let mainAt = typist.caret
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0:
                        let typed = ["x", "é", "한", "two words"].randomElement(using: &rng)!
                        typist.buffer.userInsert(typed, at: mainAt)
                        let inserted = Array(typed.unicodeScalars)
                        for offset in carets.reversed() { model.insert(contentsOf: inserted, at: offset) }
                        carets = carets.enumerated().map { index, offset in offset + (index + 1) * inserted.count }
                    case 1 where !atLineStart:  // BackSpace: never across a line break (the model stays simple)
                        typist.buffer.userReplace((mainAt - 1)..<mainAt, with: "")
                        for offset in carets.reversed() { model.remove(at: offset - 1) }
                        carets = carets.enumerated().map { index, offset in offset - (index + 1) }
                    case 2 where !atLineEnd:  // Delete
                        typist.buffer.userReplace(mainAt..<(mainAt + 1), with: "")
                        for offset in carets.reversed() { model.remove(at: offset) }
                        carets = carets.enumerated().map { index, offset in offset - index }
                    default:
                        continue
                    }
                    steps += 1
                    store.sealUndoStep(document)
                    MainLoop.runUntilIdle()
                    let context = "round \(round), step \(step)"
                    XCTAssertEqual(document.text, Self.string(model), context)
                    XCTAssertEqual(typist.buffer.text, Self.string(model), context)
                    XCTAssertEqual(other.buffer.text, Self.string(model), "the other window follows the batch: \(context)")
                    XCTAssertEqual(([typist.caret] + typist.extraCarets.map(\.offset)).sorted(), carets, context)
                    XCTAssertTrue(other.extraCarets.isEmpty, "the other window keeps its one caret")
                }
                for _ in 0..<steps { other.undo() }
                MainLoop.runUntilIdle()
                XCTAssertEqual(document.text, initial, "one undo a key, from either window: round \(round)")
                XCTAssertEqual(typist.buffer.text, initial)
            }
        }
    }

    func testAShiftAltDragSelectsARectangleByDisplayColumns() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
            binding.buffer.userInsert("a\tbcd\n0123456789\nxy\n", at: 0)
            // From column 1 of the first line to column 9 of the second ("a" then the tab, to 8).
            binding.selectColumns(fromBuffer: 1, toBuffer: 6 + 9, tabWidth: 8)
            XCTAssertEqual(binding.selection, 6 + 1..<6 + 9, "the main caret on the pointer's line")
            XCTAssertEqual(binding.extraCarets.map(\.selection), [1..<3], "the tab reaches column 8, the b column 9")
            binding.buffer.userReplace(binding.selection, with: "")
            XCTAssertEqual(document.text, "acd\n09\nxy\n")
            // Down to the end of the third line: column 1 to 2 on each line.
            binding.selectColumns(fromBuffer: 1, toBuffer: 9, tabWidth: 8)
            XCTAssertEqual(binding.selection, 8..<9)
            XCTAssertEqual(binding.extraCarets.map(\.selection), [1..<2, 5..<6])
        }
    }
}
