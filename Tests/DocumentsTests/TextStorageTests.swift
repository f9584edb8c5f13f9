import TestSupport
import XCTest
@testable import Documents

/// The rope against a plain String model, under random edits of every size.
final class TextStorageTests: XCTestCase {
    private let alphabet: [String] = ["a", "b", " ", "\n", "é", "😀", "\r\n", "한", "x\ny"]

    private func randomText(_ rng: inout SplitMix64, maxLength: Int) -> String {
        String((0..<Int.random(in: 0...maxLength, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined())
    }

    func testRandomEditsMatchAStringModel() {
        for seed in 1...40 {
            var rng = SplitMix64(seed: UInt64(seed))
            var model = Array(randomText(&rng, maxLength: 3000).unicodeScalars)
            var storage = TextStorage(String(String.UnicodeScalarView(model)))
            for step in 0..<300 {
                let a = Int.random(in: 0...model.count, using: &rng)
                let b = min(model.count, a + Int.random(in: 0...(step % 7 == 0 ? 5000 : 20), using: &rng))
                let insert = randomText(&rng, maxLength: step % 11 == 0 ? 4000 : 8)
                storage.replace(a..<b, with: insert)
                model.replaceSubrange(a..<b, with: Array(insert.unicodeScalars))
                XCTAssertEqual(storage.count, model.count, "seed \(seed) step \(step)")
            }
            let expected = String(String.UnicodeScalarView(model))
            XCTAssertEqual(storage.string, expected, "seed \(seed)")
            XCTAssertEqual(storage.lineCount, expected.utf8.filter { $0 == 0x0A }.count + 1)
            let lo = model.count / 3, hi = 2 * model.count / 3
            XCTAssertEqual(storage.substring(lo..<hi), String(String.UnicodeScalarView(model[lo..<hi])))
        }
    }

    func testLineOffsetsRoundTrip() {
        var rng = SplitMix64(seed: 99)
        let plain = ["a", "é", "😀", "한", " ", "\r"]
        let lines = (0..<5000).map { _ in (0..<Int.random(in: 0...6, using: &rng)).map { _ in plain.randomElement(using: &rng)! }.joined() }
        let text = lines.joined(separator: "\n")
        let storage = TextStorage(text)
        XCTAssertEqual(storage.lineCount, lines.count)
        var offset = 0
        for (number, line) in lines.enumerated() {
            XCTAssertEqual(storage.offset(ofLine: number), offset, "line \(number)")
            let middle = offset + line.unicodeScalars.count / 2
            let position = storage.lineAndColumn(of: middle)
            XCTAssertEqual(position.line, number)
            XCTAssertEqual(position.column, line.unicodeScalars.count / 2)
            offset += line.unicodeScalars.count + 1
        }
        XCTAssertEqual(storage.offset(ofLine: 1_000_000), storage.offset(ofLine: lines.count - 1), "clamped")
    }

    func testOutOfRangeEditsClampAndEmptyStorage() {
        var storage = TextStorage()
        XCTAssertEqual(storage.count, 0)
        XCTAssertEqual(storage.lineCount, 1)
        storage.replace(5..<10, with: "abc")
        XCTAssertEqual(storage.string, "abc")
        storage.replace(-3..<100, with: "")
        XCTAssertEqual(storage.string, "")
        XCTAssertEqual(storage.lineAndColumn(of: 50).line, 0)
    }

    func testValueSemantics() {
        var a = TextStorage(String(repeating: "line\n", count: 2000))
        let snapshot = a
        a.replace(0..<5, with: "")
        XCTAssertEqual(snapshot.count, 10_000)
        XCTAssertEqual(a.count, 9_995)
    }

    /// Copies share their nodes (path copying): every snapshot taken along random edits, grafts
    /// of one storage into another (twice, so one tree holds the same subtree twice) and whole
    /// deletions still reads back exactly as it was when taken.
    func testSnapshotsSurviveEditsOfTheirOriginal() {
        for seed in 1...12 {
            var rng = SplitMix64(seed: UInt64(seed) &* 7919)
            var model = Array(randomText(&rng, maxLength: 20_000).unicodeScalars)
            var storage = TextStorage(String(String.UnicodeScalarView(model)))
            var snapshots: [(TextStorage, String)] = []
            for step in 0..<200 {
                if step % 9 == 0 { snapshots.append((storage, String(String.UnicodeScalarView(model)))) }
                if step % 23 == 0 {
                    let piece = TextStorage(randomText(&rng, maxLength: 6000))
                    storage.append(contentsOf: piece)
                    storage.append(contentsOf: piece)
                    model += Array(piece.string.unicodeScalars) + Array(piece.string.unicodeScalars)
                    continue
                }
                let a = Int.random(in: 0...model.count, using: &rng)
                let b = min(model.count, a + Int.random(in: 0...(step % 13 == 0 ? 9000 : 30), using: &rng))
                let insert = randomText(&rng, maxLength: step % 5 == 0 ? 3000 : 6)
                storage.replace(a..<b, with: insert)
                model.replaceSubrange(a..<b, with: Array(insert.unicodeScalars))
            }
            XCTAssertEqual(storage.string, String(String.UnicodeScalarView(model)), "seed \(seed)")
            for (index, (snapshot, text)) in snapshots.enumerated() {
                XCTAssertEqual(snapshot.string, text, "seed \(seed), snapshot \(index)")
                XCTAssertEqual(snapshot.lineCount, text.utf8.filter { $0 == 0x0A }.count + 1)
            }
        }
    }
}
