import Foundation
import SafeFiles
import Synchronization
import TestSupport
import XCTest
@testable import Documents

/// When typing's records are made durable: once the keys pause, and at most a second apart while
/// they go on, never one fdatasync per few keys; and never later than the pause after the last.
final class JournalSyncTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("journal-sync") }

    /// The writes and syncs the journal made, with when (seconds since the reference date).
    private final class CallLog: Sendable {
        let calls = Mutex<[(kind: FileCalls.Kind, at: TimeInterval)]>([])
        func times(of kind: FileCalls.Kind) -> [TimeInterval] { calls.withLock { $0.filter { $0.kind == kind }.map(\.at) } }
    }

    func testAKeyBurstIsSyncedOnceItPausesAndAtMostOnceASecondMeanwhile() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let log = CallLog()
            let calls = FileCalls { kind, _ in
                log.calls.withLock { $0.append((kind, Date().timeIntervalSinceReferenceDate)) }
                return nil
            }
            let path = folder + "/notes.txt"
            try "Dear reader,\n".write(toFile: path, atomically: true, encoding: .utf8)
            let store = DocumentStore()
            store.journals = JournalStore(folder: folder + "/journals", calls: calls)
            let document = try store.openFile(at: path)
            store.apply(.insert("a", at: 0), to: document)
            store.journals!.waitUntilWritten()  // the journal's beginning, synced

            let started = Date().timeIntervalSinceReferenceDate
            var keys: [TimeInterval] = []
            for _ in 0..<40 {
                store.apply(.insert("b", at: document.text.count), to: document)
                keys.append(Date().timeIntervalSinceReferenceDate)
                _ = BackgroundSaveTests.spin(timeout: 0.03) { false }  // a fast typist's pace
            }
            let lastKey = keys.last!
            XCTAssertTrue(BackgroundSaveTests.spin(timeout: 5) {
                guard let lastWrite = log.times(of: .write).max(), lastWrite > lastKey else { return false }
                return log.times(of: .sync).contains { $0 > lastWrite }
            }, "the burst is made durable once the keys stop")

            // A slow machine may pause between keys, and each pause of over 150 ms may sync.
            let pauses = zip(keys, keys.dropFirst()).filter { $1 - $0 >= 0.15 }.count
            let during = log.times(of: .sync).filter { $0 > started && $0 <= lastKey }.count
            XCTAssertLessThanOrEqual(during, Int(lastKey - started) + 1 + pauses,
                                     "\(during) syncs while typing for \(lastKey - started) s with \(pauses) pauses")
            XCTAssertEqual(document.text, "aDear reader,\n" + String(repeating: "b", count: 40))
        }
    }
}
