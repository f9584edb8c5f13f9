import Dispatch
import Documents
import Foundation
import TestSupport

// Merge: how long answering a change on disk with Merge takes (the file read, decoded and merged
// off the main thread), and the longest the main thread is held meanwhile (the edits applied),
// by document size.

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
        var longest: Double = 0
        let time = measure {
            store.mergeWithDisk(document) { result in conflicts = (try? result.get()) ?? -2 }
            while conflicts == -1 {
                // Each turn waits at most 1 ms for work; a turn that took longer held the main thread.
                let turn = measure { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
                longest = max(longest, turn - 1_000_000)
            }
        }
        precondition(conflicts == 0 && document.text.hasPrefix(String(text.prefix(1_000)) + "mine ") && document.text.contains("THEIR"))
        print("\(label): \(format(time)) to the merged text, the main thread held at most \(format(longest))")
    }
}
