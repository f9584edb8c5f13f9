import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Drafts are written off the main thread: what is read back (or left on disk at quit) is
/// always the newest snapshot asked for, never an older one, a half one or a deleted one.
final class DraftStoreTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("drafts") }

    func testTheNewestSnapshotWinsAndTheOriginalCanBeEditedMeanwhile() {
        let folder = temporary.file("drafts")
        MainActor.assumeIsolated {
            let drafts = DraftStore(folder: folder)
            let id = UUID()
            var storage = TextStorage(String(repeating: "a line of a big document\n", count: 200_000))
            let metadata = DraftStore.Metadata(path: "/somewhere/file.txt", untitledName: nil)
            for round in 0..<20 {
                drafts.write(id, text: storage, metadata: metadata)
                // Editing right after handing over the snapshot must not reach the file being written.
                storage.replace(round * 7..<(round * 7 + 3), with: "edit \(round) ")
            }
            drafts.write(id, text: storage, metadata: metadata)
            let expected = storage.string
            storage.replace(0..<storage.count, with: "after the last write")
            drafts.waitUntilWritten()
            let draft = drafts.read(id)
            XCTAssertEqual(draft?.text, expected)
            XCTAssertEqual(draft?.metadata, metadata)
        }
    }

    func testDeleteAfterWriteLeavesNothingAndReadWaitsForPendingWork() throws {
        let folder = temporary.file("drafts")
        try MainActor.assumeIsolated {
            let drafts = DraftStore(folder: folder)
            let id = UUID()
            drafts.write(id, text: TextStorage("unsaved"), metadata: .init(path: nil, untitledName: "Untitled 2"))
            XCTAssertEqual(drafts.read(id)?.text, "unsaved", "read waits for the write on its way")
            drafts.write(id, text: TextStorage("newer"), metadata: .init(path: nil, untitledName: "Untitled 2"))
            drafts.delete(id)
            XCTAssertNil(drafts.read(id))
            drafts.waitUntilWritten()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }, [])
        }
    }

    func testAFailedWriteIsReportedOnTheMainThread() throws {
        let blocker = temporary.file("not-a-folder")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        MainActor.assumeIsolated {
            let drafts = DraftStore(folder: blocker)
            var warnings: [String] = []
            drafts.warn = { message in
                XCTAssertTrue(Thread.isMainThread)
                warnings.append(message)
            }
            drafts.write(UUID(), text: TextStorage("text"), metadata: .init(path: nil, untitledName: nil))
            drafts.waitUntilWritten()
            let deadline = Date().addingTimeInterval(10)
            while warnings.isEmpty && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
            XCTAssertEqual(warnings.count, 1)
            XCTAssertTrue(warnings.first?.contains("could not keep the unsaved text") ?? false, "\(warnings)")
        }
    }
}
