import Dispatch
import Documents
import Foundation
import TestSupport

// Merge: what answering a change on disk with Merge keeps the main thread (the file read, the
// base rebuilt, two line diffs, the edits applied), by document size.

@MainActor
func mergeCost() {
    print("== Merge (one line edited here near the start, one on disk near the end)")
    guard let folder = try? TemporaryFolder("bench-merge") else { return }
    for (label, bytes) in [("100 KB", 100_000), ("1 MB", 1_000_000), ("20 MB", 20_000_000)] {
        let path = folder.file("\(label).txt")
        let text = sampleText(bytes: bytes)
        try? text.write(toFile: path, atomically: false, encoding: .utf8)
        let store = DocumentStore()
        guard let document = try? store.openFile(at: path, synchronously: true) else { continue }
        store.apply(.insert("mine ", at: 1_000), to: document)
        // Theirs: the same text with a word changed in its last lines.
        var theirs = text
        let end = theirs.index(theirs.endIndex, offsetBy: -100)
        theirs.replaceSubrange(end..<theirs.index(end, offsetBy: 5), with: "THEIR")
        try? theirs.write(toFile: path, atomically: false, encoding: .utf8)
        store.checkDisk(document)
        // The read comes back on the main dispatch queue.
        let deadline = Date().addingTimeInterval(30)
        while !document.canMerge && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        guard document.canMerge else { print("\(label): the change was not seen"); continue }
        var conflicts = -1
        let time = measure { conflicts = (try? store.mergeWithDisk(document)) ?? -1 }
        precondition(conflicts == 0 && document.text.hasPrefix(String(text.prefix(1_000)) + "mine ") && document.text.contains("THEIR"))
        print("\(label): \(format(time)) on the main thread")
    }
}
