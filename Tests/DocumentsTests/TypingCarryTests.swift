import TestSupport
import XCTest
@testable import Documents

/// Typing done while a file loaded as UTF-8 goes to the same place when it is read again as
/// Windows-1252, where each "é" becomes two characters ("Ã©").
final class TypingCarryTests: XCTestCase {
    private func carry(_ first: String, _ edits: [(Range<Int>, String)]) -> (moved: [TypedWhileLoading], typedInto: String) {
        var text = TextStorage(first)
        var typed: [TypedWhileLoading] = []
        for (range, replacement) in edits {
            typed.append(TypedWhileLoading(edit: Edit(range: range, replacement: replacement), removed: text.substring(range)))
            text.replace(range, with: replacement)
        }
        return (TypingCarry.carry(typed, madeOn: text, rereadAs: .windows1252), text.string)
    }

    /// The carried edits, applied to the new reading, give the new reading of the file with the typing in place.
    private func applied(_ moved: [TypedWhileLoading], to reread: String) -> String {
        var text = TextStorage(reread)
        for step in moved {
            XCTAssertEqual(text.substring(step.edit.range), step.removed, "each removes what is there")
            text.replace(step.edit.range, with: step.edit.replacement)
        }
        return text.string
    }

    func testAnInsertionAfterAnAccentGoesAfterBothOfItsCharacters() {
        let result = carry("café au lait\n", [(5..<5, "X")])
        XCTAssertEqual(result.moved.map(\.edit), [Edit(range: 6..<6, replacement: "X")])
        XCTAssertEqual(applied(result.moved, to: "cafÃ© au lait\n"), "cafÃ© Xau lait\n")
    }

    func testADeletedAccentTakesBothOfItsCharacters() {
        let result = carry("né\n", [(1..<2, "")])
        XCTAssertEqual(result.moved, [TypedWhileLoading(edit: Edit(range: 1..<3, replacement: ""), removed: "Ã©")])
    }

    func testTypedTextIsNotRereadAndLaterEditsFindTheirPlaceInIt() {
        // Typed "é!" after "ü", then deleted the typed "é" and a file "b" after it.
        let result = carry("üab😀c\n", [(1..<1, "é!"), (1..<2, ""), (2..<4, "")])
        XCTAssertEqual(result.typedInto, "ü!😀c\n")
        let reread = { (text: String) in TextEncoding.windows1252.decode(Array(text.utf8)[...])! }
        XCTAssertEqual(applied(result.moved, to: reread("üab😀c\n")), reread("ü") + "!" + reread("😀c\n"))
        XCTAssertEqual(result.moved.last?.removed, "ab")
    }

    func testEditsOnBothSidesOfManyAccentsAgreeWithTheModel() {
        // A model: mark each typed scalar, reread the file's scalars as their bytes.
        var random = SplitMix64(testSeed: 7)
        for round in 0..<200 {
            let first = String((0..<30).map { _ in ["a", "é", "\n", "ß", "€", " "][Int(random.next() % 6)] }.joined())
            var text = first.unicodeScalars.map { String($0) }
            var model = first.unicodeScalars.map { TextEncoding.windows1252.decode(Array(String($0).utf8)[...])! }
            var edits: [(Range<Int>, String)] = []
            for _ in 0..<Int(random.next() % 6 + 1) {
                let lower = Int(random.next() % UInt64(text.count + 1))
                let upper = min(text.count, lower + Int(random.next() % 3))
                let typed = ["", "x", "é", "yz"][Int(random.next() % 4)]
                edits.append((lower..<upper, typed))
                text.replaceSubrange(lower..<upper, with: typed.unicodeScalars.map { String($0) })
                model.replaceSubrange(lower..<upper, with: typed.unicodeScalars.map { String($0) })
            }
            let result = carry(first, edits)
            XCTAssertEqual(result.typedInto, text.joined(), "round \(round)")
            XCTAssertEqual(applied(result.moved, to: TextEncoding.windows1252.decode(Array(first.utf8)[...])!), model.joined(), "round \(round)")
        }
    }
}
