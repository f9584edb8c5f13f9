import Foundation

/// The seed every random test of a run draws from: fresh each run, so each run explores other
/// paths, or `TANDEM_TEST_SEED`'s when it is set, so a failing run replays exactly. It is said
/// on standard error the first time a test draws from it (the failure's log has it).
public enum TestSeed {
    /// This run's seed.
    public static let run: UInt64 = {
        let given = ProcessInfo.processInfo.environment["TANDEM_TEST_SEED"].flatMap { UInt64($0) }
        let seed = given ?? UInt64.random(in: 1...999_999_999)
        FileHandle.standardError.write(Data("random tests: TANDEM_TEST_SEED=\(seed)\(given == nil ? " (fresh; set it to replay this run)" : " (given)")\n".utf8))
        return seed
    }()
}

extension SplitMix64 {
    /// A generator for one random test: this run's seed (`TestSeed`) mixed with `salt`, the
    /// test's own number, so that tests draw apart and each replays alone from the run's seed.
    public init(testSeed salt: UInt64) {
        self.init(seed: (TestSeed.run &* 0x2545_F491_4F6C_DD1D) ^ (salt &* 0x9E37_79B9_7F4A_7C15))
    }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    public mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }
}
