import Foundation
import PropertyBased
import Testing
@testable import Documents

/// One step of a random editing session: who does what where.
struct SessionStep: Sendable, CustomStringConvertible {
    var kind: Int    // 0..<10 undo, 10..<15 redo, 15..<18 reload from disk, else an edit
    var view: Int    // which of the 8 windows
    var offset: Int  // taken modulo the text length
    var length: Int  // scalars replaced
    var text: Int    // index into `SessionStep.texts`

    static let texts = ["x", "é", "😀", "\n", "", "two words", "\r\n"]
    var description: String { "k\(kind) v\(view) @\(offset) -\(length) +\(Self.texts[text].debugDescription)" }
}

let sessionSteps = zip(Gen.int(in: 0...99), Gen.int(in: 0...7), Gen.int(in: 0...100_000),
                       Gen.int(in: 0...4), Gen.int(in: 0...(SessionStep.texts.count - 1)))
    .map { SessionStep(kind: $0.0, view: $0.1, offset: $0.2, length: $0.3, text: $0.4) }

/// Property: whatever 8 windows do (edits, undo, redo, reloads from disk, in any interleaving),
/// every window's text equals the store's, and the store's equals a plain String model.
@MainActor
@Test(.replaysSeed) func eightWindowsAlwaysAgreeWithTheStoreAndAStringModel() async throws {
    let folder = NSTemporaryDirectory() + "tandem-prop-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var session = 0
    await propertyCheck(count: 150, input: sessionSteps.array(of: 0...120)) { steps in
        session += 1
        let path = folder + "/doc\(session).txt"
        try "start\n".write(toFile: path, atomically: false, encoding: .utf8)
        let store = DocumentStore()
        let document = try store.openFile(at: path)
        var views: [[Unicode.Scalar]] = Array(repeating: Array(document.text.unicodeScalars), count: 8)
        let subscriptions = (0..<8).map { index in
            store.subscribe(to: document) { event in
                switch event {
                case .edited(let edit, _, _):
                    views[index].replaceSubrange(edit.range, with: Array(edit.replacement.unicodeScalars))
                case .reloadedFromDisk:
                    views[index] = Array(document.text.unicodeScalars)
                default: break
                }
            }
        }
        var model = Array(document.text.unicodeScalars)
        var newline = "\n"  // the style of "start\n"
        // Each undo and redo step's text. A reload carries the history across the file's change
        // (the file's text is a peer's), so the texts of the steps from before it are the
        // store's to work out (nil): an undo into them takes the store's text, and its
        // redo must give back exactly the text before it. Steps since the last reload are exact.
        var undoModel: [[Unicode.Scalar]?] = [], redoModel: [[Unicode.Scalar]?] = []
        for step in steps {
            let origin = subscriptions[step.view].id
            switch step.kind {
            case ..<10:
                store.sealUndoStep(document)
                let could = document.canUndo
                store.undo(document, origin: origin)
                modelStep(from: &undoModel, to: &redoModel, could: could, model: &model, store: document.text)
            case ..<15:
                let could = document.canRedo
                store.redo(document, origin: origin)
                modelStep(from: &redoModel, to: &undoModel, could: could, model: &model, store: document.text)
            case ..<18:
                // A file in one newline style or the other, so the model knows which added lines take.
                newline = step.offset % 2 == 0 ? "\r\n" : "\n"
                let content = "disk \(step.offset)\(newline)line\(newline)"
                try content.write(toFile: path, atomically: true, encoding: .utf8)
                let wasDirty = document.isDirty
                try await store.reloadFromDiskAwaited(document)
                // Over unsaved edits, the reload is a step of the user's own (undone, the edits
                // come back over the file's new text), and a new step drops the redo steps.
                undoModel = undoModel.map { _ in nil } + (wasDirty ? [nil] : [])
                redoModel = wasDirty ? [] : redoModel.map { _ in nil }
                model = Array(content.unicodeScalars)
            default:
                let a = model.isEmpty ? 0 : step.offset % (model.count + 1)
                let b = min(model.count, a + step.length)
                let text = SessionStep.texts[step.text]
                if a == b && text.isEmpty { continue }
                store.sealUndoStep(document)  // each step its own undo group, as in the model
                store.apply(Edit(range: a..<b, replacement: text), to: document, origin: origin)
                undoModel.append(model); redoModel.removeAll()
                // Added lines take the file's newline style; CRLF typed in stays as it is.
                model.replaceSubrange(a..<b, with: withNewlines(text, newline))
            }
            let expected = String(String.UnicodeScalarView(model))
            #expect(document.text == expected)
            #expect(views.allSatisfy { $0 == model })
            if document.text != expected || !views.allSatisfy({ $0 == model }) { return }
        }
        // Text that differs from the file is always shown as modified.
        if document.text != (try String(contentsOfFile: path, encoding: .utf8)) { #expect(document.isDirty) }
    }
}

/// An undo in the model (a redo with the stacks the other way round): the step's text, or the
/// store's for a step from before a reload; a step the store could not take leaves nothing of
/// the reload's past to take. `could`: whether the store had a step to take.
private func modelStep(from: inout [[Unicode.Scalar]?], to: inout [[Unicode.Scalar]?], could: Bool,
                       model: inout [Unicode.Scalar], store text: String) {
    guard let entry = from.popLast() else { return #expect(!could) }
    if let known = entry {
        #expect(could)
        to.append(model)
        model = known
    } else if could {
        to.append(model)
        model = Array(text.unicodeScalars)
    } else {
        from.removeAll()  // the reload left nothing before it to take
    }
}

/// The model's own rule for what an insertion adds: each bare LF in the file's newline style.
/// Written here, apart from `LineEnding`, so the property checks the store instead of reusing it.
private func withNewlines(_ text: String, _ newline: String) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
        if scalar == "\n" && previous != "\r" { out += newline.unicodeScalars } else { out.append(scalar) }
        previous = scalar
    }
    return out
}
