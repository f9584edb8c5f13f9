import Dispatch
import Documents
import Foundation
import TestSupport

// The edit journal: what typing writes to disk, what a relaunch with a long journal costs, and
// how long a save of a big document keeps the main thread.

/// Bytes this process has handed to write(2) so far (/proc/self/io "wchar").
func bytesWritten() -> Int {
    guard let io = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return 0 }
    return io.split(separator: "\n").first { $0.hasPrefix("wchar:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
}

@MainActor
func journalCost() {
    print("== Edit journal (a file on disk, journals on)")
    guard let folder = try? TemporaryFolder("bench-journal") else { return }
    var rng = SplitMix64(seed: 7)
    for (label, bytes) in [("20 MB", 20_000_000), ("100 MB", 100_000_000)] {
        let path = folder.file("\(label).txt")
        try? sampleText(bytes: bytes).write(toFile: path, atomically: false, encoding: .utf8)
        let store = DocumentStore()
        store.journals = JournalStore(folder: folder.file("journals"))
        guard let document = try? store.openFile(at: path, synchronously: true) else { continue }
        let before = bytesWritten()
        var samples: [Double] = []
        for index in 0..<40 {
            samples.append(measure { store.apply(.insert("x", at: 1_000 + index), to: document) })
            usleep(25_000)  // 40 characters a second
        }
        store.journals?.waitUntilWritten()
        print("\(label): 40 keystrokes wrote \(bytesWritten() - before) bytes; a keystroke on the main thread p50 \(format(percentile(samples, 0.5))), p99 \(format(percentile(samples, 0.99)))")

        // A save: what the main thread pays (snapshot, then bookkeeping), and the whole write.
        var done = false
        let start = DispatchTime.now().uptimeNanoseconds
        let begin = measure { try? store.save(document) { _ in done = true } }
        var finish = 0.0
        while !done {
            let turn = measure { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
            if done { finish = turn }
        }
        let total = Double(DispatchTime.now().uptimeNanoseconds - start)
        print("\(label): save on the main thread \(format(begin)) + \(format(finish)) (whole save, off it: \(format(total)))")

        // A long history, then a relaunch.
        guard label == "100 MB" else { continue }
        for _ in 0..<10_000 {
            let offset = Int.random(in: 0..<document.storage.count, using: &rng)
            store.apply(.insert("y", at: offset), to: document)
            store.sealUndoStep(document)
        }
        store.finishJournals()
        store.journals = nil
        let relaunched = DocumentStore()
        relaunched.journals = JournalStore(folder: folder.file("journals"))
        var restored: Document?
        let restore = measure { restored = relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil) }
        precondition(restored?.text == document.text, "the relaunch gives the text back")
        var undone = 0
        while restored?.canUndo == true { relaunched.undo(restored!); undone += 1 }
        print("\(label) + 10,000 undo steps: relaunch rebuilds the document in \(format(restore)); \(undone) steps undo after it")
    }
}
