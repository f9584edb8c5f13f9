import Background
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What Find in Files looks for, compiled once and matched from several threads at once (the
/// app gives GRegex's): every match in a buffer of bytes, as byte ranges.
public protocol ByteMatcher: Sendable {
    /// Calls `found` with each non-empty match in `bytes`, in order, until it returns false.
    func forEachMatch(in bytes: UnsafeBufferPointer<UInt8>, _ found: (Range<Int>) -> Bool)
}

/// Find in Files over a project: each file read whole into a buffer its thread reuses, matched,
/// and its matching lines cut out; on every core, the files shared out one at a time, so one
/// big file does not hold the rest back. Open documents are searched as they stand (the text
/// `openTexts` gives), not as the disk holds them. Binary files (a NUL in the first 8 KiB, as
/// git decides) and files over `hugeSize` are skipped and counted. Results come to `report` in
/// batches as they are found (the first as soon as there is one), from the searching threads.
public struct ContentSearch: Sendable {
    public let folder: String
    /// The files to search, relative to `folder`; nil: the project's, listed as it is searched.
    public let files: [String]?
    public let matcher: any ByteMatcher
    /// The text of open documents, by path relative to `folder`, as UTF-8.
    public let openTexts: [String: @Sendable () -> [UInt8]]
    /// Files larger than this are skipped (counted in `SearchTally.hugeSkipped`).
    public var hugeSize = 64 << 20
    /// At most this many lines of one file are reported; its matches are all counted.
    public var linesPerFile = 1_000
    /// How long found results may wait before they are reported, in nanoseconds.
    public var reportInterval: UInt64 = 50_000_000

    /// Which of the files are searched (all when empty).
    public var fileNames = FileNamePattern("")
    /// At most this many lines are reported over the whole search (as VS Code's 20,000
    /// results); past them matches are still counted, file by file.
    public var lineBudget = ContentSearch.defaultLineBudget
    public static let defaultLineBudget = 20_000

    public init(folder: String, files: [String]? = nil, matcher: any ByteMatcher, openTexts: [String: @Sendable () -> [UInt8]] = [:]) {
        self.folder = folder
        self.files = files
        self.matcher = matcher
        self.openTexts = openTexts
    }

    /// Searches every file, blocking; `report` gets each batch of files with matches and the
    /// tally so far, and a last call with `finished` true (unless cancelled: then nothing more).
    public func run(cancellation: Cancellation = Cancellation(),
                    report: @escaping @Sendable (_ found: [FileHits], _ tally: SearchTally, _ finished: Bool) -> Void) {
        let shared = Shared(lineBudget: lineBudget)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        // The open documents first: they are in memory, and the likeliest to be looked for.
        let fileNames = self.fileNames
        let open = openTexts.keys.sorted().filter(fileNames.admits)
        let feed = PathFeed(open + (files ?? []).filter { openTexts[$0] == nil && fileNames.admits($0) }, finished: files != nil)
        let listed = DispatchSemaphore(value: 0)
        if files == nil {
            let folder = self.folder, openTexts = self.openTexts
            Background.longRunning {
                ProjectListing.list(folder) { batch in
                    feed.add(batch.filter { openTexts[$0] == nil && fileNames.admits($0) })
                    return !cancellation.isCancelled
                }
                feed.finish()
                listed.signal()
            }
        } else {
            listed.signal()
        }
        // Threads of their own, below the main thread's priority: typing goes on while both
        // cores search.
        let searchers = DispatchGroup()
        for _ in 0..<Background.cores {
            searchers.enter()
            Background.lowPriority { [self] in
                searchFiles(feed, prefix, shared, cancellation, report)
                searchers.leave()
            }
        }
        searchers.wait()
        listed.wait()
        guard !cancellation.isCancelled else { return }
        let tally = shared.pending.withLock { $0.tally }
        report([], tally, true)
    }

    /// One searcher: files from `feed` until there are none or the search is cancelled.
    private func searchFiles(_ feed: PathFeed, _ prefix: String, _ shared: Shared, _ cancellation: Cancellation,
                             _ report: @Sendable ([FileHits], SearchTally, Bool) -> Void) {
        var reader = FileBuffer()
        var tally = SearchTally()
        var found: [FileHits] = []
        var sinceFlush = 0
        while !cancellation.isCancelled {
            guard let path = feed.next() else { break }
            if let hits = search(path, prefix + path, &reader, &tally, shared.budget) { found.append(hits) }
            sinceFlush += 1
            if !found.isEmpty || sinceFlush >= 256 {
                flush(&found, &tally, into: shared.pending, report: report, force: false)
                sinceFlush = 0
            }
        }
        if !cancellation.isCancelled { flush(&found, &tally, into: shared.pending, report: report, force: true) }
    }

    /// What the searchers share: the results not yet reported, and the lines still to list.
    private final class Shared: Sendable {
        let pending = Mutex(Pending())
        let budget: Atomic<Int>
        init(lineBudget: Int) { budget = Atomic(lineBudget) }
    }

    /// Matches and tallies kept until the next report.
    private struct Pending {
        var found: [FileHits] = []
        var tally = SearchTally()
        var reported: UInt64 = 0
        var anyReported = false
    }

    private func flush(_ found: inout [FileHits], _ tally: inout SearchTally, into shared: borrowing Mutex<Pending>,
                       report: @Sendable ([FileHits], SearchTally, Bool) -> Void, force: Bool) {
        let batch: ([FileHits], SearchTally)? = shared.withLock { pending in
            pending.found += found
            pending.tally.add(tally)
            found.removeAll(keepingCapacity: true)
            tally = SearchTally()
            let now = DispatchTime.now().uptimeNanoseconds
            // The first match goes out at once: it is what the user waits to see.
            let due = (!pending.anyReported && !pending.found.isEmpty) || now - pending.reported >= reportInterval
            guard due || (force && !pending.found.isEmpty) else { return nil }
            let batch = (pending.found, pending.tally)
            pending.anyReported = pending.anyReported || !pending.found.isEmpty
            pending.found.removeAll()
            pending.reported = now
            return batch
        }
        if let batch { report(batch.0, batch.1, false) }
    }

    /// The matches in one file, or nil when it has none (or was skipped, which `tally` counts).
    private func search(_ path: String, _ fullPath: String, _ reader: inout FileBuffer, _ tally: inout SearchTally,
                        _ budget: borrowing Atomic<Int>) -> FileHits? {
        if let text = openTexts[path] {
            tally.searched += 1
            let bytes = text()
            return bytes.withUnsafeBufferPointer { hits(in: $0, path: path, &tally, budget) }
        }
        switch reader.read(fullPath, limit: hugeSize) {
        case .missing:
            return nil  // gone since it was listed (git lists a file deleted but not committed)
        case .unreadable:
            tally.unreadable += 1
            return nil
        case .huge:
            tally.hugeSkipped += 1
            return nil
        case .read(let count):
            return reader.withBytes(count) { bytes in
                let head = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[0..<min(bytes.count, 8192)])
                if let start = head.baseAddress, memchr(start, 0, head.count) != nil {
                    tally.binarySkipped += 1
                    return nil
                }
                tally.searched += 1
                return hits(in: bytes, path: path, &tally, budget)
            }
        }
    }

    private func hits(in bytes: UnsafeBufferPointer<UInt8>, path: String, _ tally: inout SearchTally,
                      _ budget: borrowing Atomic<Int>) -> FileHits? {
        var lines = LineCutter(bytes)
        var found: [LineHit] = []
        var matches = 0
        var current: (start: Int, end: Int, number: Int, ranges: [Range<Int>])?
        var allowed = min(linesPerFile, max(0, budget.load(ordering: .relaxed)))
        var cut = false
        matcher.forEachMatch(in: bytes) { range in
            matches += 1
            guard found.count < allowed else {
                cut = true
                return true
            }
            if let line = current, range.lowerBound < line.end || (range.lowerBound == line.end && range.isEmpty) {
                current!.ranges.append(range)
                return true
            }
            if let line = current { found.append(LineHit(bytes, start: line.start, end: line.end, number: line.number, matches: line.ranges)) }
            // Lines are taken from the budget as they are cut, so two threads cannot both spend its end.
            guard found.count < allowed, budget.subtract(1, ordering: .relaxed).oldValue > 0 else {
                allowed = found.count
                current = nil
                cut = true
                return true
            }
            let line = lines.line(at: range.lowerBound)
            current = (line.start, line.end, line.number, [range])
            return true
        }
        if let line = current {
            found.append(LineHit(bytes, start: line.start, end: line.end, number: line.number, matches: line.ranges))
        }
        guard matches > 0 else { return nil }
        tally.matches += matches
        tally.matchedFiles += 1
        return FileHits(path: path, lines: found, matchCount: matches, isCut: cut)
    }
}

/// Where the lines of a buffer start, found as matches ask for them (in order): newlines are
/// counted only once, up to the last match.
struct LineCutter {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var lineStart = 0
    private var number = 1

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The line holding byte `offset` (at or after the last one asked for): where it starts and
    /// ends (before its newline) and its 1-based number.
    mutating func line(at offset: Int) -> (start: Int, end: Int, number: Int) {
        guard let base = bytes.baseAddress else { return (0, 0, 1) }
        while let found = memchr(base + lineStart, 0x0A, offset - lineStart) {
            lineStart = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            number += 1
        }
        let end = memchr(base + offset, 0x0A, bytes.count - offset).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
        return (lineStart, end, number)
    }
}

/// A file's bytes read whole into memory kept from one file to the next.
struct FileBuffer {
    private var storage = [UInt8](repeating: 0, count: 1 << 16)

    enum Outcome { case read(Int), huge, missing, unreadable }

    /// Reads the regular file at `path`, unless it is larger than `limit`.
    mutating func read(_ path: String, limit: Int) -> Outcome {
        // A big file's room is given back before the next: a search holds what it reads now only.
        if storage.count > 8 << 20 { storage = [UInt8](repeating: 0, count: 1 << 16) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .unreadable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        guard Int(info.st_size) <= limit else { return .huge }
        var count = 0
        while true {
            // One byte to spare tells the end of a file that has not grown from one that has.
            if storage.count < count + 1 || storage.count < Int(info.st_size) + 1 {
                storage += [UInt8](repeating: 0, count: max(storage.count, Int(info.st_size) + 1 - storage.count))
            }
            let got = storage.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress! + count, raw.count - count)
            }
            if got > 0 {
                count += got
                if count > limit { return .huge }
            } else if got < 0 && errno == EINTR {
                continue
            } else if got < 0 {
                return .unreadable
            } else {
                return .read(count)
            }
        }
    }

    func withBytes<Result>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
}
