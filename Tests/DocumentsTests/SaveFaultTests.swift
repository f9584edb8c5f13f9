import Foundation
import SafeFiles
import TestSupport
import XCTest
@testable import Documents

/// A document's save under every fault of its write path (`WriteFaultTests` walks the writer
/// alone): a save that fails says the errno's words, leaves the document modified and the file
/// old or new; one that works leaves it saved and the file new.
final class SaveFaultTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("save-faults") }

    private func save(inPlace: Bool, under plan: FaultPlan, label: String) throws {
        let folder = temporary.file(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/letter.txt", old = "Dear reader,\n"
        try old.write(toFile: path, atomically: false, encoding: .utf8)
        if inPlace { link(path, folder + "/second-name.txt") }
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            store.apply(.insert("the words typed today, ", at: 13), to: document)
            let new = document.text
            store.fileCalls = plan.calls
            var failure: TextFileError?
            do throws(TextFileError) { try store.saveNow(document) } catch { failure = error }
            let now = try String(contentsOfFile: path, encoding: .utf8)
            guard plan.wasHit || plan.nth == .max else { return }
            if let failure {
                XCTAssertTrue(document.isDirty, "\(label): a save that failed leaves the document modified")
                XCTAssertTrue(failure.message.contains(TextFileError.cause(plan.code)), "\(label): said in its errno's words: \(failure.message)")
                XCTAssertTrue(now == old || now == new, "\(label): the file holds old or new")
            } else {
                XCTAssertFalse(document.isDirty, "\(label)")
                XCTAssertEqual(now, new, "\(label)")
            }
        }
    }

    func testASaveFailingAtAnyCallKeepsTheDocumentModifiedAndSaysWhy() throws {
        for inPlace in [false, true] {
            let census = FaultPlan.counting()
            try save(inPlace: inPlace, under: census, label: "census")
            for kind in FileCalls.Kind.allCases where census.count(of: kind) > 0 && kind != .unlink {
                for nth in 1...census.count(of: kind) {
                    for code in [ENOSPC, EDQUOT, EROFS, EIO, EACCES] {
                        let plan = FaultPlan(kind, nth: nth, code: code)
                        try save(inPlace: inPlace, under: plan, label: "\(inPlace ? "in place" : "replaced"): \(kind) #\(nth) errno \(code)")
                        XCTAssertTrue(plan.wasHit)
                    }
                }
            }
        }
    }
}
