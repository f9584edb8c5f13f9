import Background
import Dispatch
import Foundation
import Gtk
import Projects
import Synchronization
import TestSupport

extension TextPattern: ByteMatcher {}

/// A kernel-sized tree: 70,000 files, about 1 GB of C-like lines, a few binary files; made once
/// in `/tmp/tandem-find-tree` (outside any working tree, or git's list would be searched) and kept
/// for the next runs (the same seed makes the same tree).
func findTree() -> String {
    let root = "/tmp/tandem-find-tree"
    let marker = root + "/.complete"
    if FileManager.default.fileExists(atPath: marker) { return root }
    try? FileManager.default.removeItem(atPath: root)
    var random = SplitMix64(seed: 71)
    let words = ["static", "int", "return", "struct", "if", "else", "for", "while", "unsigned", "long", "const", "void",
                 "spin_lock", "mutex_unlock", "kfree", "kmalloc", "GFP_KERNEL", "NULL", "err", "goto", "out", "dev",
                 "priv", "inode", "page", "buffer", "size_t", "u32", "u64", "list_head", "sizeof", "ops", "flags"]
    // A pool of lines the files take their text from, at random places.
    var pool: [UInt8] = []
    while pool.count < 8 << 20 {
        var line = String(repeating: "\t", count: random.next(4))
        for _ in 0..<(2 + random.next(10)) { line += words[random.next(words.count)] + (random.next(4) == 0 ? "_\(random.next(100))" : "") + " " }
        pool += Array((line + (random.next(3) == 0 ? "{" : ";") + "\n").utf8)
    }
    let paths = projectPaths(count: 70_000)
    for (number, path) in paths.enumerated() {
        let full = root + "/" + path
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let size = 2_000 + random.next(26_700)
        let start = random.next(pool.count - size)
        var bytes = Array(pool[start..<(start + size)])
        if number % 700 == 0 { bytes += Array("\tneedle_token = spin_lock_irqsave(lock);\n".utf8) }
        if number % 5_000 == 0 { bytes[10] = 0 }  // a binary file now and then
        FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }
    FileManager.default.createFile(atPath: marker, contents: Data())
    return root
}

/// Seconds `rg` takes for `arguments` over `root`, its output thrown away.
private func ripgrep(_ arguments: [String], _ root: String) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/rg")
    process.arguments = arguments + [root]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let time = measure {
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }
    return process.terminationStatus <= 1 ? time : nil
}

/// Find in Files over the tree beside ripgrep in the same run, warm: the time to the first
/// results and to all of them, the listing included (the targets: first results within
/// 100 ms, all within 1.5x rg).
func findInFilesCost() {
    print("== Find in Files: 70,000 files, ~1 GB, warm, beside rg (medians of 5; listing included)")
    let root = findTree()
    let searches: [(name: String, text: String, regex: Bool, caseSensitive: Bool, rg: [String])] = [
        ("rare word", "needle_token", false, true, ["-n", "--fixed-strings", "needle_token"]),
        ("common word", "kfree", false, true, ["-n", "--fixed-strings", "kfree"]),
        ("any case", "Spin_Lock_IrqSave", false, false, ["-n", "-i", "--fixed-strings", "Spin_Lock_IrqSave"]),
        ("expression", "mutex_\\w+ [a-z]+_[0-9]+;", true, true, ["-n", "mutex_\\w+ [a-z]+_[0-9]+;"]),
    ]
    _ = ripgrep(["-c", "zzz_warm"], root)  // the page cache holds the tree from here on
    print("search        rg         first      all        all / rg   matches   files")
    for search in searches {
        let pattern = try! TextPattern(text: search.text, isRegex: search.regex, isCaseSensitive: search.caseSensitive, matchesWholeWords: false)
        var rgTimes: [Double] = [], firstTimes: [Double] = [], allTimes: [Double] = []
        var tally = SearchTally()
        for _ in 0..<5 {
            if let time = ripgrep(search.rg, root) { rgTimes.append(time) }
            let start = DispatchTime.now().uptimeNanoseconds
            let first = Atomic<UInt64>(0)
            let last = Mutex(SearchTally())
            ContentSearch(folder: root, matcher: pattern).run { found, sofar, _ in
                if !found.isEmpty { _ = first.compareExchange(expected: 0, desired: DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) }
                last.withLock { $0 = sofar }
            }
            allTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start))
            firstTimes.append(Double(max(first.load(ordering: .relaxed), start) - start))
            tally = last.withLock { $0 }
        }
        let rg = percentile(rgTimes, 0.5), all = percentile(allTimes, 0.5)
        print(search.name.padding(toLength: 14, withPad: " ", startingAt: 0)
              + format(rg).padding(toLength: 11, withPad: " ", startingAt: 0)
              + format(percentile(firstTimes, 0.5)).padding(toLength: 11, withPad: " ", startingAt: 0)
              + format(all).padding(toLength: 11, withPad: " ", startingAt: 0)
              + String(format: "%.2fx", all / rg).padding(toLength: 11, withPad: " ", startingAt: 0)
              + "\(tally.matches)".padding(toLength: 10, withPad: " ", startingAt: 0)
              + "\(tally.matchedFiles) (\(tally.searched) searched, \(tally.binarySkipped) binary)")
    }
}
