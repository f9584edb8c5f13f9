import Foundation
import PropertyBased
import Testing

/// Property checks draw fresh seeds each run (PropertyBased's own), and a failure prints the one
/// that failed as `.fixedSeed("…")`; this trait replays it without an edit:
/// `TANDEM_PROPERTY_SEED="…" swift test --filter NAME`. Unset, it changes nothing.
struct PropertySeedReplay: TestTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: () async throws -> Void) async throws {
        guard let text = ProcessInfo.processInfo.environment["TANDEM_PROPERTY_SEED"] else { return try await function() }
        guard let data = Data(base64Encoded: text), data.count == 32 else {
            Issue.record("TANDEM_PROPERTY_SEED is not a seed a failure printed: \(text)")
            return
        }
        // The seed's text is its generator's four words, in the machine's byte order.
        let words = (0..<4).map { i in data.subdata(in: i * 8..<(i + 1) * 8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } }
        try await FixedSeedTrait.fixedSeed(words[0], words[1], words[2], words[3]).provideScope(for: test, testCase: testCase, performing: function)
    }
}

extension Trait where Self == PropertySeedReplay {
    /// Replays the property check from `TANDEM_PROPERTY_SEED` when it is set.
    static var replaysSeed: Self { PropertySeedReplay() }
}
