import Dispatch
import Documents
import Foundation
import Glibc
import TestSupport

// Loading a big file: from the call to open until the whole text is in the store (what "time to
// idle" waits for in the app, less the window), with the process's CPU time over it (more than
// the wall time when the load uses both cores) and the peak RSS against the file's size.

@MainActor
func loadCost() {
    let sizes = (ProcessInfo.processInfo.environment["TANDEM_BENCH_LOAD_MB"] ?? "100")
        .split(separator: ",").compactMap { Int($0) }
    guard !sizes.isEmpty, let folder = try? TemporaryFolder("bench-load") else { return }
    print("== Loading a big file into the store (lines of ~60 characters)")
    print("size       head       all        CPU        peak RSS / file")
    for megabytes in sizes {
        let path = folder.file("\(megabytes)mb.txt")
        guard writeSample(path: path, bytes: megabytes * 1_000_000) else { print("\(megabytes) MB: could not write"); continue }
        let store = DocumentStore()
        let cpuBefore = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        guard let document = try? store.openFile(at: path) else { print("\(megabytes) MB: could not open"); continue }
        let head = Double(DispatchTime.now().uptimeNanoseconds - start)
        while document.loadProgress != nil {
            RunLoop.main.run(until: Date().addingTimeInterval(0.001))
        }
        let all = Double(DispatchTime.now().uptimeNanoseconds - start)
        let cpu = cpuSeconds() - cpuBefore
        precondition(document.storage.count == megabytes * 1_000_000 / 62 * 62, "the whole text is in")
        print("\(megabytes) MB".padding(toLength: 11, withPad: " ", startingAt: 0)
              + format(head).padding(toLength: 11, withPad: " ", startingAt: 0)
              + format(all).padding(toLength: 11, withPad: " ", startingAt: 0)
              + String(format: "%.2f s", cpu).padding(toLength: 11, withPad: " ", startingAt: 0)
              + String(format: "%.2fx", peakRSSBytes() / Double(megabytes * 1_000_000)))
        store.closeIfUnused(document)
        unlink(path)
    }
}

/// Writes `bytes` of sample text to `path` a megabyte at a time (a 1 GB string would double the RSS measured).
private func writeSample(path: String, bytes: Int) -> Bool {
    guard let file = fopen(path, "w") else { return false }
    defer { fclose(file) }
    let block = Array(sampleText(bytes: 1_000_000 / 62 * 62).utf8)
    var left = bytes / 62 * 62
    while left > 0 {
        let n = min(left, block.count)
        guard fwrite(block, 1, n, file) == n else { return false }
        left -= n
    }
    return true
}

private func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

private func peakRSSBytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024
}
