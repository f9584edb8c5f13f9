import Documents

/// Sort Lines and Toggle Comment on a selection of 100,000 lines of a 100,000-line document:
/// the command's work (cutting the lines, sorting, the difference) and the store's apply.
@MainActor
func lineCommandCost() {
    print("== Line commands on 100,000 lines (the whole document selected)")
    let lines = (0..<100_000).map { "line \(($0 * 7_919) % 100_000) of a document being sorted" }
    let text = lines.joined(separator: "\n") + "\n"
    let commands: [(String, LineCommand)] = [
        ("sort", .sort(descending: false, ignoringCase: false, unique: false)),
        ("sort, ignoring case", .sort(descending: false, ignoringCase: true, unique: false)),
        ("toggle comment", .toggleComment(CommentSyntax(lineStart: "#"))),
    ]
    for (label, command) in commands {
        var worked: [Double] = [], applied: [Double] = []
        for _ in 0..<3 {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert(text, at: 0), to: document)
            var change: LineChange?
            worked.append(measure { change = command.change(anchor: 0, caret: document.storage.count, in: document.storage) })
            guard let change else { return print("   \(label): no change?") }
            applied.append(measure { store.apply(change.edit, to: document, keepsNewlines: true) })
        }
        print("   \(label): \(format(worked.sorted()[1])) to work out, \(format(applied.sorted()[1])) to apply (median of 3)")
    }
}
