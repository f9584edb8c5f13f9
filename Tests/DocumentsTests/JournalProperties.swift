import Foundation
import PropertyBased
import Testing
@testable import Documents

/// Property: whatever is done to a document (edits, undo, redo, saves, with journals compacting
/// often), its journal replays to the same text, the same modified state and the same history
/// (the same texts undoing to the start and redoing back).
@MainActor
@Test(.replaysSeed) func aJournalReplaysToTheDocumentAndItsHistory() async throws {
    try await journalReplays(count: 100)
}

@MainActor
private func journalReplays(count: Int) async throws {
    let folder = NSTemporaryDirectory() + "tandem-journal-prop-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var session = 0
    await propertyCheck(count: count, input: sessionSteps.array(of: 0...80)) { steps in
        session += 1
        let path = folder + "/doc\(session).txt"
        try "start\n".write(toFile: path, atomically: false, encoding: .utf8)
        let store = EditJournalTests.journaledStore(folder, floor: 300)
        let document = try store.openFile(at: path)
        for step in steps {
            switch step.kind {
            case ..<10: store.undo(document)
            case ..<15: store.redo(document)
            case ..<18: try store.saveNow(document)
            default:
                let count = document.storage.count
                let lower = step.offset % (count + 1)
                if step.view == 0 { store.sealUndoStep(document) }
                store.apply(Edit(range: lower..<min(count, lower + step.length), replacement: SessionStep.texts[step.text]), to: document)
            }
        }
        store.journals!.waitUntilWritten()
        store.journals = nil
        let relaunched = EditJournalTests.journaledStore(folder)
        var warnings: [String] = []
        relaunched.journals!.warn = { warnings.append($0) }
        let restored = relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil)
        #expect(warnings == [])
        #expect(restored?.text == document.text)
        #expect(restored?.isDirty == document.isDirty)
        relaunched.journals = nil
        if let restored {
            #expect(EditJournalTests.timeline(relaunched, restored) == EditJournalTests.timeline(store, document))
        }
    }
}
