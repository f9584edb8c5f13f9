import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A stand-in for a window: keeps its own copy of the text, changed only by the store's events.
@MainActor
private final class FakeView {
    var text: [Unicode.Scalar]
    var caret = 0
    var dirty = false
    var subscription: DocumentSubscription!
    init(_ store: DocumentStore, _ document: Document) {
        text = Array(document.text.unicodeScalars)
        subscription = store.subscribe(to: document) { [unowned self] event in
            switch event {
            case .edited(let edit, _, _):
                text.replaceSubrange(edit.range, with: Array(edit.replacement.unicodeScalars))
                caret = edit.transform(caret)
            case .dirtyChanged(let value): dirty = value
            default: break
            }
        }
    }
    var string: String { String(String.UnicodeScalarView(text)) }
}

final class DocumentStoreTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }
    override func setUpWithError() throws { temporary = try TemporaryFolder("store") }

    func testEveryViewFollowsEveryEditAndOneUndoHistory() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/a.txt"
            try "hello\n".write(toFile: path, atomically: true, encoding: .utf8)
            let doc = try store.openFile(at: path)
            let one = FakeView(store, doc), two = FakeView(store, doc)
            two.caret = 6
            store.apply(.insert("A", at: 0), to: doc, origin: one.subscription.id)
            XCTAssertEqual(one.string, "Ahello\n")
            XCTAssertEqual(two.string, "Ahello\n")
            XCTAssertEqual(two.caret, 7, "an insertion before my caret shifts it")
            store.apply(.insert("Z", at: 7), to: doc, origin: one.subscription.id)
            XCTAssertEqual(two.caret, 8, "an insertion at my caret pushes it along")
            two.caret = 2
            store.apply(.insert("!", at: 5), to: doc)
            XCTAssertEqual(two.caret, 2, "an insertion after my caret leaves it")
            XCTAssertTrue(one.dirty && two.dirty && doc.isDirty)
            store.sealUndoStep(doc)
            store.undo(doc, origin: two.subscription.id)  // undoes the last step, made elsewhere
            XCTAssertEqual(two.string, "Ahello\nZ")
            while doc.canUndo { store.undo(doc) }
            XCTAssertEqual(one.string, "hello\n")
            XCTAssertFalse(one.dirty || two.dirty || doc.isDirty, "undoing to the saved state is clean again")
            store.redo(doc)
            XCTAssertEqual(two.string, doc.text)
            XCTAssertTrue(two.dirty)
        }
    }

    func testSameFileIsOneDocumentThroughLinksAndSpellings() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let path = folder + "/real.txt"
            try "x".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.txt", withDestinationPath: "real.txt")
            let a = try store.openFile(at: path)
            XCTAssertTrue(try store.openFile(at: folder + "/link.txt") === a)
            XCTAssertTrue(try store.openFile(at: folder + "/./real.txt") === a)
            let missing = try store.openFile(at: folder + "/new.txt")
            XCTAssertTrue(try store.openFile(at: folder + "/new.txt") === missing)
            XCTAssertFalse(missing === a)
            XCTAssertThrowsError(try store.openFile(at: folder))
        }
    }

    /// The history keeps at most `byteLimit` bytes of edits: the oldest steps go first, never
    /// the newest, and what is kept still undoes exactly.
    func testTheHistoryDropsItsOldestStepsPastItsByteLimit() {
        var history = UndoHistory()
        history.byteLimit = 2_500
        let big = String(repeating: "x", count: 1_000)
        for step in 0..<3 {
            history.record(.insert(big, at: step * 1_000), removed: "")
            history.seal()
        }
        XCTAssertLessThanOrEqual(history.bytes, 2_500)
        var undone = 0
        while let edits = history.popUndo() {
            XCTAssertEqual(edits, [.delete((2 - undone) * 1_000..<((3 - undone) * 1_000))])
            undone += 1
        }
        XCTAssertEqual(undone, 2, "the oldest step was dropped")
        history.record(.insert(String(repeating: "y", count: 5_000), at: 0), removed: "")
        XCTAssertTrue(history.canUndo, "a single edit over the limit still undoes")
    }

    func testTypingGroupsIntoWords() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let doc = store.newUntitled()
            for (i, c) in "hello world".enumerated() { store.apply(.insert(String(c), at: i), to: doc) }
            store.undo(doc)
            XCTAssertEqual(doc.text, "hello", "the word after the space is one step")
            store.undo(doc)
            XCTAssertEqual(doc.text, "")
            store.redo(doc); store.redo(doc)
            XCTAssertEqual(doc.text, "hello world")
            // Backspacing a word is one step too.
            for offset in stride(from: 10, through: 6, by: -1) { store.apply(.delete(offset..<(offset + 1)), to: doc) }
            XCTAssertEqual(doc.text, "hello ")
            store.undo(doc)
            XCTAssertEqual(doc.text, "hello world")
            // A compound edit (replace a selection) undoes at once.
            store.beginCompoundEdit(doc)
            store.apply(.delete(0..<5), to: doc)
            store.apply(.insert("howdy", at: 0), to: doc)
            store.endCompoundEdit(doc)
            store.undo(doc)
            XCTAssertEqual(doc.text, "hello world")
            // A newline, its indentation (one space or many: the random user found they differed)
            // and the word typed after them are one step.
            for indent in [" ", "    "] {
                store.sealUndoStep(doc)
                let end = doc.storage.count
                store.apply(.insert("\n", at: end), to: doc)
                store.apply(.insert(indent, at: end + 1), to: doc)
                for (i, c) in "next".enumerated() { store.apply(.insert(String(c), at: end + 1 + indent.count + i), to: doc) }
                store.undo(doc)
                XCTAssertEqual(doc.text, "hello world", "indented by \(indent.count)")
            }
        }
    }

    func testSaveUpdatesEveryViewAndFailureKeepsDirty() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let doc = store.newUntitled()
            let view = FakeView(store, doc)
            var saves: [String] = []
            let watcher = store.subscribe(to: doc) { if case .saved(let p) = $0 { saves.append(p) } }
            store.apply(.insert("text", at: 0), to: doc)
            XCTAssertThrowsError(try store.saveNow(doc), "untitled needs a path")
            XCTAssertThrowsError(try store.saveNow(doc, to: folder + "/missing/x.txt"))
            XCTAssertTrue(doc.isDirty && view.dirty)
            try store.saveNow(doc, to: folder + "/x.txt")
            XCTAssertFalse(doc.isDirty || view.dirty)
            XCTAssertEqual(saves, [folder + "/x.txt"])
            XCTAssertEqual(try String(contentsOfFile: folder + "/x.txt", encoding: .utf8), "text")
            XCTAssertTrue(store.document(atPath: folder + "/x.txt") === doc, "Save As gives it a file identity")
            _ = watcher
        }
    }

    func testReleasingTheLastSubscriptionClosesTheDocument() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let doc = store.newUntitled()
            var a: FakeView? = FakeView(store, doc)
            var b: FakeView? = FakeView(store, doc)
            XCTAssertEqual(store.subscriberCount(of: doc), 2)
            a = nil
            XCTAssertEqual(store.subscriberCount(of: doc), 1)
            XCTAssertNotNil(store.document(id: doc.id))
            b = nil
            XCTAssertNil(store.document(id: doc.id))
            _ = (a, b)
        }
    }

    /// Random interleavings of edits from 8 views, undo and redo: every view always equals the
    /// store, and the store equals a plain String model replayed from the same edits.
    func testRandomInterleavingsKeepEightViewsEqual() {
        MainActor.assumeIsolated {
            var generator = SplitMix64(testSeed: 7)
            for round in 0..<30 {
                let store = DocumentStore()
                let doc = store.newUntitled()
                let views = (0..<8).map { _ in FakeView(store, doc) }
                var model: [Unicode.Scalar] = []
                var modelUndo: [[Unicode.Scalar]] = [], modelRedo: [[Unicode.Scalar]] = []
                for step in 0..<200 {
                    let roll = Int.random(in: 0..<100, using: &generator)
                    let view = views.randomElement(using: &generator)!
                    if roll < 10 {
                        let before = doc.text
                        store.sealUndoStep(doc)
                        store.undo(doc, origin: view.subscription.id)
                        if before != doc.text || !modelUndo.isEmpty, let previous = modelUndo.popLast() {
                            modelRedo.append(model); model = previous
                        }
                    } else if roll < 15 {
                        store.redo(doc, origin: view.subscription.id)
                        if let next = modelRedo.popLast() { modelUndo.append(model); model = next }
                    } else {
                        let a = Int.random(in: 0...model.count, using: &generator)
                        let b = min(model.count, a + Int.random(in: 0...3, using: &generator))
                        let text = ["x", "é", "😀", "\n", "", "ab"].randomElement(using: &generator)!
                        if a == b && text.isEmpty { continue }
                        store.sealUndoStep(doc)  // every step its own undo group, as the model has
                        modelUndo.append(model); modelRedo.removeAll()
                        store.apply(Edit(range: a..<b, replacement: text), to: doc, origin: view.subscription.id)
                        model.replaceSubrange(a..<b, with: Array(text.unicodeScalars))
                    }
                    let expected = String(String.UnicodeScalarView(model))
                    XCTAssertEqual(doc.text, expected, "round \(round) step \(step)")
                    for v in views where v.string != expected { XCTFail("a view diverged at round \(round) step \(step)"); return }
                }
            }
        }
    }
}
