import Dispatch
import Documents
import Foundation
import Glibc
import TestSupport

// A file far bigger than memory should hold, opened as pieces of itself: numbered log lines of
// TANDEM_BENCH_HUGE_GB gigabytes (comma-separated; 10 unless told), in TANDEM_BENCH_HUGE_DIR
// (the temporary folder unless told). Measured beside `wc -l` and `cp` of the same file in the
// same run, with the page cache warm, and cold where this process may drop it (root). Only run
// when asked for (TANDEM_BENCH_ONLY=huge): it writes the file, and a copy of it.

@MainActor
func hugeFileCost() {
    let sizes = (ProcessInfo.processInfo.environment["TANDEM_BENCH_HUGE_GB"] ?? "10").split(separator: ",").compactMap { Double($0) }
    let folder = ProcessInfo.processInfo.environment["TANDEM_BENCH_HUGE_DIR"] ?? NSTemporaryDirectory()
    for gigabytes in sizes {
        let path = folder + "/tandem-huge-\(gigabytes).log"
        let bytes = Int64(gigabytes * 1e9)
        print("== A \(gigabytes) GB log (numbered lines), opened as pieces of itself")
        guard let lines = writeNumberedLog(path, bytes: bytes) else { print("could not write \(path)"); continue }
        defer { unlink(path) }
        for cold in [true, false] {
            if cold && !dropPageCache() { print("(cold: the page cache cannot be dropped here)"); continue }
            let wc = timed { run("/usr/bin/wc", ["-l", path]) }
            if cold { _ = dropPageCache() }
            measure(path, lines: lines, bytes: bytes, label: cold ? "cold" : "warm", wc: wc)
        }
    }
}

@MainActor
private func measure(_ path: String, lines: Int, bytes: Int64, label: String, wc: Double) {
    let store = DocumentStore()
    let start = DispatchTime.now().uptimeNanoseconds
    guard let document = try? store.openFile(at: path) else { print("could not open"); return }
    let head = Double(DispatchTime.now().uptimeNanoseconds - start)
    while document.loadProgress != nil { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
    let indexed = Double(DispatchTime.now().uptimeNanoseconds - start)
    precondition(document.storage.lineCount == lines + 1, "every line counted")
    // The last line read as Ctrl+End shows it: its place found, its text read from the file.
    let lastStart = DispatchTime.now().uptimeNanoseconds
    let last = document.storage.offset(ofLine: lines - 1)
    let lastLine = document.storage.substring(last..<document.storage.count)
    let lastRead = Double(DispatchTime.now().uptimeNanoseconds - lastStart)
    precondition(lastLine.hasPrefix(String(format: "%012d", lines)), "the last line is the file's")
    let afterLoad = residentBytes()
    // Typing at the end, a key at a time, against the same keys in an empty document.
    let keys = typingCost(store, document, at: document.storage.count - 1)
    let empty = store.newUntitled()
    let baseline = typingCost(store, empty, at: 0)
    var disk = statvfs()
    // A save writes the whole file beside it, and so do the copies it is timed against.
    guard statvfs(path, &disk) == 0, Int64(disk.f_bavail) * Int64(disk.f_frsize) > bytes + (2 << 30) else {
        print("\(label): first screen \(format(head)), line index \(format(indexed)) (wc -l \(format(wc)), \(String(format: "%.2fx", indexed / wc))), "
              + "last line read \(format(lastRead)), typing at the end p50 \(format(keys.p50)) p95 \(format(keys.p95)) "
              + "(empty file p50 \(format(baseline.p50)) p95 \(format(baseline.p95))), resident \(afterLoad >> 20) MB after the load, "
              + "peak \(peakResidentBytes() >> 20) MB; no save: the disk has no room for a second copy")
        store.closeIfUnused(document)
        store.closeIfUnused(empty)
        return restoreCost(path, lines: lines, cold: label == "cold")
    }
    let saveStart = DispatchTime.now().uptimeNanoseconds
    do { try store.saveNow(document) } catch { print("save failed: \(error)"); return }
    let saved = Double(DispatchTime.now().uptimeNanoseconds - saveStart)
    let copy = path + ".copy"
    let cp = timed { run("/bin/cp", [path, copy]) }
    unlink(copy)
    // A save is durable (fsynced before its rename): beside it, a copy made as durable.
    let durable = timed { run("/bin/sh", ["-c", "cp \"$0\" \"$1\" && sync \"$1\"", path, copy]) }
    unlink(copy)
    print("\(label): first screen \(format(head)), line index \(format(indexed)) (wc -l \(format(wc)), \(String(format: "%.2fx", indexed / wc))), "
          + "last line read \(format(lastRead)), typing at the end p50 \(format(keys.p50)) p95 \(format(keys.p95)) "
          + "(empty file p50 \(format(baseline.p50)) p95 \(format(baseline.p95))), save \(format(saved)) (cp \(format(cp)), "
          + "\(String(format: "%.2fx", saved / cp)); cp and sync \(format(durable)), \(String(format: "%.2fx", saved / durable))), resident \(afterLoad >> 20) MB after the load, \(residentBytes() >> 20) MB after the save, "
          + "peak \(peakResidentBytes() >> 20) MB (\(String(format: "%.3fx", Double(peakResidentBytes()) / Double(bytes))) the file)")
    store.closeIfUnused(document)
    store.closeIfUnused(empty)
    restoreCost(path, lines: lines, cold: label == "cold")
}

/// A key typed at the end and left unsaved, a crash, and the relaunch: how long the restore holds
/// the main thread (the call, and the longest turn of the loop after it) and how long until the
/// edit is back over the file.
@MainActor
private func restoreCost(_ path: String, lines: Int, cold: Bool) {
    guard let folder = try? TemporaryFolder("bench-huge-restore") else { return }
    let store = DocumentStore()
    store.journals = JournalStore(folder: folder.file("journals"))
    guard let document = try? store.openFile(at: path) else { print("could not open"); return }
    while document.loadProgress != nil { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
    store.apply(.insert("typed", at: document.storage.count), to: document)
    store.journals?.waitUntilWritten()
    let draftID = document.draftID
    store.journals = nil
    if cold { _ = dropPageCache() }
    let relaunched = DocumentStore()
    relaunched.journals = JournalStore(folder: folder.file("journals"))
    let start = DispatchTime.now().uptimeNanoseconds
    guard let restored = relaunched.restoreDocument(path: path, draftID: draftID, untitledName: nil) else { print("not restored"); return }
    let call = Double(DispatchTime.now().uptimeNanoseconds - start)
    var turn = DispatchTime.now().uptimeNanoseconds, longest: UInt64 = 0
    while restored.loadProgress != nil {
        RunLoop.main.run(until: Date().addingTimeInterval(0.001))
        let now = DispatchTime.now().uptimeNanoseconds
        longest = max(longest, now - turn)
        turn = now
    }
    let back = Double(DispatchTime.now().uptimeNanoseconds - start)
    precondition(restored.isDirty && restored.storage.lineCount == lines + 1, "the edit is back over the file")
    print("\(cold ? "cold" : "warm"): restore after a crash: window's document in \(format(call)), "
          + "longest turn of the main loop \(format(Double(longest))), the edit back in \(format(back))")
    relaunched.closeIfUnused(restored)
}

/// 200 keys typed one by one at `offset`: the store's time for each (the edit and its event).
@MainActor
private func typingCost(_ store: DocumentStore, _ document: Document, at offset: Int) -> (p50: Double, p95: Double) {
    var samples: [Double] = []
    for index in 0..<200 {
        let start = DispatchTime.now().uptimeNanoseconds
        store.apply(Edit(range: (offset + index)..<(offset + index), replacement: "x"), to: document)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    return (percentile(samples, 0.5), percentile(samples, 0.95))
}

/// Writes lines "000000000001 2026-12-04T05:00:00Z INFO …" until `bytes`; the number of lines.
private func writeNumberedLog(_ path: String, bytes: Int64) -> Int? {
    guard let file = fopen(path, "w") else { return nil }
    defer { fclose(file) }
    let tail = Array(" 2026-12-04T05:00:00Z INFO request served in 12 ms from 10.0.0.1\n".utf8)
    let lineLength = 12 + tail.count
    let perBlock = (4 << 20) / lineLength
    var block = [UInt8](repeating: 0, count: perBlock * lineLength)
    var number = 0, written: Int64 = 0
    while written < bytes {
        var used = 0
        while used < block.count && written + Int64(used) < bytes {
            number += 1
            var value = number
            for digit in stride(from: 11, through: 0, by: -1) {
                block[used + digit] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            for (index, byte) in tail.enumerated() { block[used + 12 + index] = byte }
            used += lineLength
        }
        guard fwrite(block, 1, used, file) == used else { return nil }
        written += Int64(used)
    }
    return number
}

private func dropPageCache() -> Bool {
    sync()
    guard let file = fopen("/proc/sys/vm/drop_caches", "w") else { return false }
    defer { fclose(file) }
    return fputs("3\n", file) >= 0
}

private func run(_ program: String, _ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try? process.run()
    process.waitUntilExit()
}

private func timed(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// VmHWM of this process, in bytes (`residentBytes` is VmRSS).
private func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return kilobytes * 1024
}
