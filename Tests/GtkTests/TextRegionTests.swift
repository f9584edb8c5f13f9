import TestSupport
import XCTest
@testable import Gtk

/// The spelling's region of unchecked text against a model: one flag per character, moved by
/// the same random edits, drawn afresh each run (TestSeed).
final class TextRegionTests: XCTestCase {
    func testItFollowsEditsAsAFlagPerCharacterWould() {
        for salt in 1...20 {
            var rng = SplitMix64(testSeed: 700 + UInt64(salt))
            var model = [Bool](repeating: false, count: rng.next(400))
            var region = TextRegion()
            for step in 0..<400 {
                let a = rng.next(model.count + 1), b = min(model.count, a + rng.next(step % 9 == 0 ? 200 : 12))
                switch rng.next(4) {
                case 0:
                    region.add(a..<b)
                    for i in a..<b { model[i] = true }
                case 1:
                    region.remove(a..<b)
                    for i in a..<b { model[i] = false }
                case 2:
                    let count = rng.next(20)
                    // Text typed inside a marked run is marked with it; at its edges it is not.
                    let inside = a > 0 && a < model.count && model[a - 1] && model[a]
                    region.inserted(count, at: a)
                    model.insert(contentsOf: [Bool](repeating: inside, count: count), at: a)
                default:
                    region.deleted(a..<b)
                    model.removeSubrange(a..<b)
                }
                let context = "seed \(TestSeed.run) salt \(salt) step \(step)"
                XCTAssertEqual(region.ranges, Self.runs(of: model), context)
                if region.ranges != Self.runs(of: model) { return }
                let from = rng.next(model.count + 1), limit = from + rng.next(50)
                let first = (from..<min(limit, model.count)).first { model[$0] }
                let expected = first.map { lower in lower..<((lower..<min(limit, model.count)).first { !model[$0] } ?? min(limit, model.count)) }
                XCTAssertEqual(region.next(from: from, before: limit), expected, context)
                if from < model.count { XCTAssertEqual(region.contains(from), model[from], context) }
            }
        }
    }

    func testTouchingRangesBecomeOne() {
        var region = TextRegion()
        region.add(0..<3)
        region.add(5..<8)
        region.add(3..<5)
        XCTAssertEqual(region.ranges, [0..<8])
        region.remove(2..<6)
        XCTAssertEqual(region.ranges, [0..<2, 6..<8])
        region.deleted(2..<6)
        XCTAssertEqual(region.ranges, [0..<4], "what stood either side of a deletion joins")
        region.inserted(3, at: 4)
        XCTAssertEqual(region.ranges, [0..<4], "text typed just after a run is not in it")
        region.inserted(3, at: 0)
        XCTAssertEqual(region.ranges, [3..<7], "nor just before it")
    }

    /// The marked runs of `flags`.
    private static func runs(of flags: [Bool]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start: Int?
        for (index, flag) in flags.enumerated() {
            if flag, start == nil { start = index }
            if !flag, let lower = start { out.append(lower..<index); start = nil }
        }
        if let lower = start { out.append(lower..<flags.count) }
        return out
    }
}
