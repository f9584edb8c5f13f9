import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Lines made too long to lay out by an edit are treated as a load of them is (read-only for
/// `.longLines`, Edit Anyway), looked for only where the edit touched; undo takes them back.
final class LongLineEditTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("long-lines") }

    private static let limit = ReadOnlyReason.longLineLimit
    private static let long = String(repeating: "word ", count: limit / 5 + 10)

    func testTheLinesAnEditTouchesAreMeasuredAndNothingElse() {
        let short = String(repeating: "x", count: 100)
        let text = TextStorage("\(short)\n\(Self.long)\n\(short)\n\(short)")
        let secondLine = short.count + 1
        // An edit on a short line does not see the long line beside it; one on the long line does.
        let thirdLine = secondLine + Self.long.count + 1
        XCTAssertFalse(text.hasLine(longerThan: Self.limit, touching: thirdLine..<(thirdLine + 3), inserted: "xxx"))
        XCTAssertTrue(text.hasLine(longerThan: Self.limit, touching: (secondLine + 4)..<(secondLine + 5), inserted: "w"))
        // A range spanning lines: the long one inside it is found in the inserted text.
        let spanning = TextStorage("a\n\(Self.long)\nb")
        XCTAssertTrue(spanning.hasLine(longerThan: Self.limit, touching: 1..<(spanning.count - 1), inserted: "\n\(Self.long)\n"))
        XCTAssertFalse(TextStorage("a\nbb\nc").hasLine(longerThan: 3, touching: 0..<6, inserted: "a\nbb\nc"), "a break counts with its line")
        XCTAssertTrue(TextStorage("a\nbbbb\nc").hasLine(longerThan: 3, touching: 0..<8, inserted: "a\nbbbb\nc"))
        // Multi-byte scalars count once; "\r" ends a line.
        XCTAssertFalse(TextStorage.hasLine(longerThan: 3, in: "ééé\rééé"))
        XCTAssertTrue(TextStorage.hasLine(longerThan: 3, in: "éééé"))
        XCTAssertTrue(text.hasLine(longerThan: Self.limit))
        XCTAssertFalse(TextStorage("\(short)\n\(short)").hasLine(longerThan: Self.limit))
    }

    /// The short way for a key (the range between two breaks of one leaf) answers as counting the
    /// lines does, over texts of many leaves: short and long lines, every kind of break, a
    /// "\r\n" an edit may part, multi-byte scalars, and leaves left uneven by edits.
    func testTheShortWayAnswersAsCountingTheLinesDoes() {
        let pieces = ["word ", "é", "\n", "\r\n", "\r", "\u{2029}", "x", String(repeating: "y", count: 9_000)]
        var random = SplitMix64(testSeed: 7)
        var shortWays = 0
        for round in 0..<8 {
            var text = TextStorage((0..<Int.random(in: 2_000...9_000, using: &random)).map { _ in
                // A long run now and then, in a third of the texts.
                round % 3 == 0 && Int.random(in: 0..<400, using: &random) == 0
                    ? pieces[7] : pieces[Int.random(in: 0..<7, using: &random)]
            }.joined())
            for _ in 0..<200 {
                let lower = Int.random(in: 0...text.count, using: &random)
                let upper = min(text.count, lower + Int.random(in: 0...3, using: &random))
                text.replace(lower..<upper, with: pieces[Int.random(in: 0..<7, using: &random)])
            }
            for _ in 0..<150 {
                let lower = Int.random(in: 0...text.count, using: &random)
                let upper = min(text.count, lower + (Bool.random(using: &random) ? Int.random(in: 0...3, using: &random)
                                                                               : Int.random(in: 0...20_000, using: &random)))
                let inserted = text.substring(lower..<upper)
                for limit in [3, 100, 8_192, Self.limit] {
                    let counted = text.hasLineByCounting(longerThan: limit, touching: lower..<upper, inserted: inserted)
                    XCTAssertEqual(text.hasLine(longerThan: limit, touching: lower..<upper, inserted: inserted), counted,
                                   "round \(round), \(lower)..<\(upper), limit \(limit)")
                    if !counted && limit == Self.limit { shortWays += 1 }
                }
            }
        }
        XCTAssertGreaterThan(shortWays, 300, "most ranges are short lines, so the short way is tried")
    }

    func testAPasteMakingALongLineMakesTheDocumentReadOnlyAfterItsEventAndUndoLiftsIt() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            store.apply(Edit(range: 0..<0, replacement: "start "), to: document)
            XCTAssertTrue(document.readOnlyReasons.isEmpty)
            // A paste, as GTK makes one: inside a user action, the document changes when it ends.
            events = []
            store.beginCompoundEdit(document)
            store.apply(Edit(range: 6..<6, replacement: Self.long), to: document)
            XCTAssertTrue(document.readOnlyReasons.isEmpty, "the step is not cut in two")
            store.apply(Edit(range: 0..<0, replacement: "x"), to: document)
            store.endCompoundEdit(document)
            XCTAssertEqual(document.readOnlyReasons, [.longLines])
            XCTAssertTrue(document.hasLongLines)
            XCTAssertEqual(events.filter { if case .edited = $0 { return true } else { return false } }.count, 2)
            XCTAssertEqual(events.last, .becameReadOnly(.longLines), "told after the edits, once")
            store.apply(Edit(range: 0..<0, replacement: "typed"), to: document)
            XCTAssertFalse(document.text.hasPrefix("typed"), "read-only: typing is refused")
            // Undo takes the whole paste back: editable again, and told.
            events = []
            store.undo(document)
            XCTAssertEqual(document.text, "start ")
            XCTAssertEqual(document.readOnlyReasons, [])
            XCTAssertFalse(document.hasLongLines)
            XCTAssertEqual(events.last, .becameEditable)
            // Redo brings the line back, and the reason with it.
            store.redo(document)
            XCTAssertEqual(document.readOnlyReasons, [.longLines])
            store.undo(document)
            store.apply(Edit(range: 0..<0, replacement: "fine"), to: document)
            XCTAssertEqual(document.text, "finestart ")
            _ = subscription
        }
    }

    func testAnEditOutsideAStepAndAnUndoThatJoinsLinesAreSeen() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            let half = String(repeating: "y", count: Self.limit / 2 + 10)
            store.apply(Edit(range: 0..<0, replacement: half + half), to: document)
            XCTAssertEqual(document.readOnlyReasons, [.longLines], "an edit on its own is noted at once")
            store.undo(document)
            XCTAssertEqual(document.readOnlyReasons, [])
            store.apply(Edit(range: 0..<0, replacement: half + "\n" + half), to: document)
            store.sealUndoStep(document)
            store.apply(Edit(range: half.count..<(half.count + 1), replacement: ""), to: document)
            XCTAssertEqual(document.readOnlyReasons, [.longLines], "joining two halves makes one long line")
            store.undo(document)
            XCTAssertEqual(document.readOnlyReasons, [])
            XCTAssertEqual(document.storage.lineCount, 2)
        }
    }

    func testEditAnywayIsKeptUntilARelaunchWhichBringsTheLineBackReadOnly() throws {
        let folder = temporary.path
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = store.newUntitled()
            store.apply(Edit(range: 0..<0, replacement: Self.long), to: document)
            store.editAnyway(document)
            store.apply(Edit(range: 0..<0, replacement: "x"), to: document)
            XCTAssertEqual(document.readOnlyReasons, [], "Edit Anyway holds for this launch")
            store.journals!.waitUntilWritten()
            store.journals = nil
            let relaunched = EditJournalTests.journaledStore(folder)
            let restored = try XCTUnwrap(relaunched.restoreDocument(path: nil, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, "x" + Self.long)
            XCTAssertEqual(restored.readOnlyReasons, [.longLines], "no restored line holds the launch")
            XCTAssertTrue(restored.isDirty)
            relaunched.journals = nil
        }
    }

    func testAFileRestoredWithAShortEditStaysEditable() throws {
        let folder = temporary.path, path = folder + "/notes.txt"
        try "one\ntwo\n".write(toFile: path, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path, synchronously: true)
            store.apply(Edit(range: 0..<0, replacement: "zero\n"), to: document)
            store.journals!.waitUntilWritten()
            store.journals = nil
            let relaunched = EditJournalTests.journaledStore(folder)
            let restored = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, "zero\none\ntwo\n")
            XCTAssertEqual(restored.readOnlyReasons, [])
            relaunched.journals = nil
        }
    }
}
