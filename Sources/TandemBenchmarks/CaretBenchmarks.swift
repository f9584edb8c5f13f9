import Documents
import Editing
import Gtk

/// A key typed at 100 carets, one per line on consecutive lines, in a 100 MB document shown in
/// two windows: the batch's work in the store, in the typing window's buffer and in the other's
/// (the time from the key into the buffer until every buffer holds it, GTK's layout aside).
@MainActor
func caretCost() {
    print("== A key at 100 carets (100 MB document, two windows)")
    guard MainLoop.initialize() else { return print("   GTK could not open a display") }
    let store = DocumentStore()
    let document = store.newUntitled()
    let line = "a line of a hundred-megabyte document, typed at many carets at once\n"
    let lines = 100_000_000 / line.utf8.count
    var text = TextStorage()
    let block = TextStorage(String(repeating: line, count: 10_000))
    for _ in 0..<(lines / 10_000) { text.append(contentsOf: block) }
    store.apply(.insert(text.string, at: 0), to: document)
    store.sealUndoStep(document)
    let typist = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
    let other = DocumentBinding(store: store, document: document, buffer: SourceBuffer())
    // The middle of the document: the window moves there, the carets go below the main one.
    let middle = document.storage.offset(ofLine: lines / 2) + 10
    typist.reveal(middle)
    typist.select(anchor: middle, caret: middle)
    for _ in 0..<99 { typist.addCaretOnNextLine(below: true) }
    precondition(typist.extraCarets.count == 99)
    var samples: [Double] = []
    for key in 0..<200 {
        let at = typist.bufferOffset(of: typist.caret)!
        samples.append(measure {
            if key % 2 == 0 { typist.buffer.userInsert("x", at: at) } else { typist.buffer.userReplace((at - 1)..<at, with: "") }
        })
    }
    MainLoop.runUntilIdle()
    precondition(other.buffer.text == document.storage.substring(other.window.range))
    print("   a key at 100 carets: p50 \(format(percentile(samples, 0.5))), p99 \(format(percentile(samples, 0.99))), max \(format(samples.max() ?? 0))")
}
