import TestSupport
import XCTest
@testable import Documents

/// The rope against a plain String model, under random edits of every size.
final class TextStorageTests: XCTestCase {
    private let alphabet: [String] = ["a", "b", " ", "\n", "é", "😀", "\r\n", "한", "x\ny", "\r", "\u{2029}"]

    /// Every line's start and every offset's line and column, against `ReferenceLines`. With
    /// `near`, offsets are checked within 8 of those points and at every 61st (each look scans a
    /// leaf: every offset of a 37,000-scalar text took two minutes of a debug run).
    private func assertLinesMatch(_ storage: TextStorage, _ model: [Unicode.Scalar], _ context: String, near: [Int]? = nil) {
        let starts = ReferenceLines.starts(of: model)
        XCTAssertEqual(storage.lineCount, starts.count, context)
        for (line, start) in starts.enumerated() where storage.offset(ofLine: line) != start {
            XCTFail("\(context): line \(line) starts at \(storage.offset(ofLine: line)), not \(start)")
            return
        }
        var line = 0
        for offset in 0...model.count where near == nil || offset % 61 == 0 || near!.contains(where: { abs($0 - offset) <= 8 }) {
            while line + 1 < starts.count && starts[line + 1] <= offset { line += 1 }
            let found = storage.lineAndColumn(of: offset)
            if found.line != line || found.column != offset - starts[line] {
                XCTFail("\(context): offset \(offset) is at \(found), not (\(line), \(offset - starts[line]))")
                return
            }
        }
    }

    private func randomText(_ rng: inout SplitMix64, maxLength: Int) -> String {
        String((0..<Int.random(in: 0...maxLength, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined())
    }

    /// Twelve runs of random edits, drawn afresh every test run (TestSeed), against an array model.
    func testRandomEditsMatchAStringModel() {
        for seed in 1...12 {
            var rng = SplitMix64(testSeed: UInt64(seed))
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
            assertLinesMatch(storage, model, "seed \(seed)")
            let lo = model.count / 3, hi = 2 * model.count / 3
            XCTAssertEqual(storage.substring(lo..<hi), String(String.UnicodeScalarView(model[lo..<hi])))
        }
    }

    func testLineOffsetsRoundTrip() {
        var rng = SplitMix64(testSeed: 99)
        let plain = ["a", "é", "😀", "한", " "]
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
            var rng = SplitMix64(testSeed: UInt64(seed) &* 7919)
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
                XCTAssertEqual(snapshot.lineCount, ReferenceLines.count(in: text))
            }
        }
    }

    /// A "\r\n" parted between two leaves (the leaf's end falls between them, then an edit joins
    /// or parts them again) is one line break; a lone "\r" and U+2029 end lines, as in GTK.
    func testBreaksAcrossLeavesAndLoneCarriageReturns() {
        let leaf = TextStorage.leafCapacity
        for split in [leaf - 1, leaf, leaf + 1, 2 * leaf - 1, 2 * leaf] {
            var model = Array(String(repeating: "ab\r", count: 3 * leaf).unicodeScalars)
            var storage = TextStorage(String(String.UnicodeScalarView(model)))
            // Where breaks can go wrong: the leaves' edges and the edits.
            let edges = (0...(model.count / leaf + 2)).map { $0 * leaf } + [split, split + 3, split - 2]
            assertLinesMatch(storage, model, "classic Mac text", near: edges)
            // Turn lone CRs into CRLFs at a leaf's edge, then part them again.
            for at in [split, split + 3, split - 2] where at <= model.count {
                storage.replace(at..<at, with: "\n")
                model.insert("\n", at: at)
                assertLinesMatch(storage, model, "\\n inserted at \(at), split \(split)", near: edges)
            }
            storage.replace(split..<(split + 1), with: "\u{2029}")
            model.replaceSubrange(split..<(split + 1), with: ["\u{2029}"])
            assertLinesMatch(storage, model, "U+2029 at \(split)", near: edges)
            var other = TextStorage("\n\nz\r")
            other.append(contentsOf: TextStorage("\nq"))
            storage.append(contentsOf: other)
            model += Array("\n\nz\r\nq".unicodeScalars)
            assertLinesMatch(storage, model, "grafted, split \(split)", near: edges + [model.count - 6])
        }
    }

    /// Leaves cut from text in one pass over its UTF-8 hold at most a leaf's capacity, end on a
    /// character's last byte and carry the counts a leaf counted on its own would have.
    func testLeavesCutFromUTF8CountWhatTheyHold() {
        var random = SplitMix64(testSeed: 5)
        let pieces = ["a", "é", "한", "😀", "\n", "\r\n", "\r", "\u{2029}"]
        for _ in 0..<30 {
            var text = ""
            for _ in 0..<Int(random.next() % 5_000) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            let leaves = TextStorage.leaves(of: text)
            XCTAssertEqual(leaves.map(\.text).joined(), text)
            for leaf in leaves {
                XCTAssertLessThanOrEqual(leaf.scalars, TextStorage.leafCapacity)
                XCTAssertEqual(leaf.scalars, leaf.text.unicodeScalars.count)
                XCTAssertEqual(leaf.newlines, ReferenceLines.count(in: leaf.text) - 1)
                XCTAssertEqual(leaf.startsWithLF, leaf.text.utf8.first == 0x0A)
                XCTAssertEqual(leaf.endsWithCR, leaf.text.utf8.last == 0x0D)
            }
            XCTAssertEqual(leaves.dropLast().allSatisfy { $0.scalars == TextStorage.leafCapacity }, true, "full but the last")
            XCTAssertEqual(TextStorage(text).lineCount, ReferenceLines.count(in: text))
        }
    }
}
