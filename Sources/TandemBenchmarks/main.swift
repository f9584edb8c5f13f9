import Dispatch
import Documents
import Editing
import Foundation
import Gtk
import TestSupport

// Benchmarks for the document store and the one-way data flow. Not tests: they print figures.
//   swift run -c release tandem-benchmarks            (needs a display for the window part)
//   xvfb-run -a swift run -c release tandem-benchmarks

/// Nanoseconds for `body`.
@inline(__always) func measure(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

func percentile(_ samples: [Double], _ p: Double) -> Double {
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func format(_ ns: Double) -> String {
    ns >= 1_000_000 ? String(format: "%.2f ms", ns / 1_000_000) : String(format: "%.1f µs", ns / 1_000)
}

/// Plain text of about `bytes` bytes, in lines of ~60 characters.
func sampleText(bytes: Int) -> String {
    let line = "The quick brown fox jumps over the lazy dog, again and again.\n"
    return String(repeating: line, count: max(1, bytes / line.utf8.count))
}

@MainActor
func editCost() {
    print("== Edit cost in the store (one keystroke: insert 1 char, or delete 1 char, at a random place)")
    print("size      p50        p99        (2000 edits)")
    var rng = SplitMix64(seed: 42)
    for (label, bytes) in [("1 KB", 1_000), ("1 MB", 1_000_000), ("100 MB", 100_000_000)] {
        let store = DocumentStore()
        let document = store.newUntitled()
        let text = sampleText(bytes: bytes)
        let loadTime = measure { store.apply(.insert(text, at: 0), to: document) }
        var samples: [Double] = []
        for i in 0..<2_000 {
            let offset = Int.random(in: 0..<document.storage.count, using: &rng)
            let edit: Edit = i % 2 == 0 ? .insert("x", at: offset) : .delete(offset..<(offset + 1))
            samples.append(measure { store.apply(edit, to: document) })
        }
        print(label.padding(toLength: 10, withPad: " ", startingAt: 0)
              + format(percentile(samples, 0.5)).padding(toLength: 11, withPad: " ", startingAt: 0)
              + format(percentile(samples, 0.99)).padding(toLength: 11, withPad: " ", startingAt: 0)
              + "(loading it: \(format(loadTime)))")
    }
}

@MainActor
func keystrokeLatency() {
    print("== Keystroke to all windows updated, 10 MB document (store + every window's windowed GtkSourceBuffer)")
    guard MainLoop.initialize() else {
        print("   skipped: no display (run under xvfb-run)")
        return
    }
    MainLoop.installMainQueueBridge()
    let app = NativeApplication(id: "io.github.tandemedit.TandemBenchmarks\(getpid())")
    guard app.register() else { print("   skipped: could not register the application"); return }
    let text = sampleText(bytes: 10_000_000)
    print("windows   p50        p99        max        (500 keystrokes typed in window 1 mid-document, every window showing that place)")
    for count in [1, 8, 32] {
        let store = DocumentStore()
        let document = store.newUntitled()
        store.apply(.insert(text, at: 0), to: document)
        var windows: [ApplicationWindow] = []
        var bindings: [DocumentBinding] = []
        let setupStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count {
            let window = ApplicationWindow(application: app)
            let buffer = SourceBuffer()
            let scroller = ScrolledWindow()
            scroller.add(SourceView(buffer: buffer))
            window.add(scroller)
            window.setDefaultSize(width: 400, height: 300)
            window.showAll()
            windows.append(window)
            let binding = DocumentBinding(store: store, document: document, buffer: buffer)
            binding.reveal(5_000_000)  // the worst case: every window holds the lines being typed in
            bindings.append(binding)
        }
        // Until GTK has laid out and drawn every window and has nothing left to do.
        while MainLoop.iterate() {}
        let setup = Double(DispatchTime.now().uptimeNanoseconds - setupStart)
        let typing = bindings[0].buffer
        typing.placeCaret(offset: bindings[0].bufferOffset(of: 5_000_000) ?? 0)
        var samples: [Double] = [], whole: [Double] = []
        for _ in 0..<500 {
            let at = typing.caretOffset
            let edit = measure { typing.userInsert("a", at: at) }
            // GTK lays out and draws between keystrokes, as it does between real ones.
            let redraw = measure { while MainLoop.iterate() {} }
            samples.append(edit)
            whole.append(edit + redraw)
        }
        precondition(bindings.allSatisfy { $0.buffer.characterCount == $0.window.range.count })
        print("\(count)".padding(toLength: 10, withPad: " ", startingAt: 0)
              + format(percentile(samples, 0.5)).padding(toLength: 11, withPad: " ", startingAt: 0)
              + format(percentile(samples, 0.99)).padding(toLength: 11, withPad: " ", startingAt: 0)
              + format(samples.max() ?? 0).padding(toLength: 11, withPad: " ", startingAt: 0)
              + "(opening the windows until idle: \(format(setup)); with GTK's layout and redraw: p50 \(format(percentile(whole, 0.5))), p99 \(format(percentile(whole, 0.99))))")
        windows.forEach { $0.destroy() }
        bindings.removeAll()
        MainLoop.run(for: 0.2)
    }
}

// TANDEM_BENCH_ONLY=load (or edit, journal, merge, lines, carets, keys, quickopen, findinfiles, foldertree, huge; comma-separated) runs only those; huge only when named.
let only = Set((ProcessInfo.processInfo.environment["TANDEM_BENCH_ONLY"] ?? "").split(separator: ",").map(String.init))
MainActor.assumeIsolated {
    if only.isEmpty || only.contains("edit") { editCost() }
    if only.isEmpty || only.contains("journal") { journalCost() }
    if only.isEmpty || only.contains("merge") { mergeCost() }
    if only.isEmpty || only.contains("lines") { lineCommandCost() }
    if only.isEmpty || only.contains("carets") { caretCost() }
    if only.isEmpty || only.contains("load") { loadCost() }
    if only.isEmpty || only.contains("keys") { keystrokeLatency() }
    if only.isEmpty || only.contains("quickopen") { quickOpenCost() }
    if only.isEmpty || only.contains("findinfiles") { findInFilesCost() }
    if only.isEmpty || only.contains("foldertree") { folderTreeCost() }
    if only.contains("huge") { hugeFileCost() }  // writes gigabytes: only when asked for
}
