import Foundation
import SafeFiles
import TestSupport
import XCTest
@testable import Documents

/// A big document's save, which streams the file's pieces and the edits into a new file, under a
/// fault at each call of its write path: one that fails leaves the document modified, says the
/// errno's words and the file old; one that works leaves the file new, byte for byte.
final class FileBackedSaveFaultTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("file-backed-faults") }

    private let line = Array("a line of a log too big to hold whole, 0123456789\n".utf8)

    private func save(under plan: FaultPlan, label: String, inPlace: Bool = false) throws {
        let folder = temporary.file(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.log"
        var old = [UInt8]()
        old.reserveCapacity(Int(FileBackedDocumentTests.minimum) + line.count)
        while old.count <= FileBackedDocumentTests.minimum { old += line }
        try Data(old).write(to: URL(fileURLWithPath: path))
        if inPlace { link(path, folder + "/second-name.log") }
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            store.fileBackedMinimum = FileBackedDocumentTests.minimum
            let document = try store.openFile(at: path)
            while document.isLoading { RunLoop.main.run(until: Date().addingTimeInterval(0.005)) }
            XCTAssertNotNil(document.storage.baseFile, label)
            store.apply(.insert("typed at the start, ", at: 0), to: document)
            let middle = document.storage.count / 2
            store.apply(.insert("and in the middle", at: middle), to: document)
            var expected = old
            expected.insert(contentsOf: Array("typed at the start, ".utf8), at: 0)
            expected.insert(contentsOf: Array("and in the middle".utf8), at: middle)
            store.fileCalls = plan.calls
            var failure: TextFileError?
            do throws(TextFileError) { try store.saveNow(document) } catch { failure = error }
            let now = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            if inPlace {
                XCTAssertNotNil(failure, "\(label): a big file with other links is not rewritten in place")
                XCTAssertTrue(failure?.message.contains("Save As") == true, "\(label): \(failure?.message ?? "")")
                XCTAssertTrue(now == old, "\(label): the file untouched")
                return
            }
            guard plan.wasHit || plan.nth == .max else { return }
            if let failure {
                XCTAssertTrue(document.isDirty, "\(label): a save that failed leaves the document modified")
                XCTAssertTrue(failure.message.contains(TextFileError.cause(plan.code)), "\(label): said in its errno's words: \(failure.message)")
                // (Only a folder that cannot be synced after the rename leaves the new bytes.)
                XCTAssertTrue(now == old || (plan.kind == .folderSync && now == expected), "\(label): the file holds its old bytes")
            } else {
                XCTAssertFalse(document.isDirty, label)
                XCTAssertTrue(now == expected, "\(label): the file holds the new bytes")
            }
            store.closeIfUnused(document)
        }
    }

    func testABigSaveFailingAtAnyCallKeepsTheFileAndTheText() throws {
        let census = FaultPlan.counting()
        try save(under: census, label: "census")
        for kind in FileCalls.Kind.allCases where census.count(of: kind) > 0 && kind != .unlink {
            let count = census.count(of: kind)
            // The writes are many (a megabyte each): the first, one in the middle and the last.
            for nth in Set([1, (count + 1) / 2, count]).sorted() {
                for code in [ENOSPC, EIO] {
                    let plan = FaultPlan(kind, nth: nth, code: code)
                    try save(under: plan, label: "\(kind) #\(nth) of \(count), errno \(code)")
                    XCTAssertTrue(plan.wasHit)
                }
            }
        }
    }

    func testABigFileWithOtherLinksIsRefusedNotRewrittenInPlace() throws {
        try save(under: FaultPlan.counting(), label: "hard-linked", inPlace: true)
    }
}
