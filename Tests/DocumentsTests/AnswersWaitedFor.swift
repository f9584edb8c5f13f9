import Foundation
import XCTest
@testable import Documents

/// Reload and Merge read the file off the main thread and answer on the main queue: tests wait
/// for the answer, turning the main run loop meanwhile (or awaiting it, in async tests).
extension DocumentStore {
    /// Merge, waited for; returns how many conflicts it left.
    @discardableResult
    func mergeWithDiskWaited(_ document: Document) throws(TextFileError) -> Int {
        var answer: Result<Int, TextFileError>?
        mergeWithDisk(document) { answer = $0 }
        try waitForAnswer { answer != nil }
        return try answer!.get()
    }

    /// Reload, waited for.
    func reloadFromDiskWaited(_ document: Document) throws(TextFileError) {
        var answer: TextFileError??
        reloadFromDisk(document) { answer = .some($0) }
        try waitForAnswer { answer != nil }
        if case .some(.some(let error)) = answer { throw error }
    }

    /// Reload, awaited (from async tests, whose main actor cannot turn the run loop under itself).
    func reloadFromDiskAwaited(_ document: Document) async throws(TextFileError) {
        let error: TextFileError? = await withCheckedContinuation { answer in reloadFromDisk(document) { answer.resume(returning: $0) } }
        if let error { throw error }
    }

    private func waitForAnswer(_ done: () -> Bool) throws(TextFileError) {
        let deadline = Date().addingTimeInterval(20)
        while !done() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.005)) }
        guard done() else {
            XCTFail("no answer within 20 s")
            throw TextFileError("no answer")
        }
    }
}
