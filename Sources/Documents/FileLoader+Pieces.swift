import Background
import Dispatch
import Localization
import SafeFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A big UTF-8 file taken in as pieces of itself (`FileSpan`): its bytes are read once, to count
/// its lines and characters and check them, and dropped; the text stays in the file. Memory
/// follows the file's index, never its size.
extension FileLoader {
    /// How many bytes one read takes when indexing: big enough that a read is one system call
    /// per few milliseconds, small enough that each core's block stays in its cache.
    static let indexBlockSize = 4 << 20

    /// Indexes `base` from byte `offset` (where the head already read ends; `carried`: the bytes
    /// of a character the head cut in two) on a background thread, the blocks of each batch
    /// counted across the cores. `deliver` runs on the main actor.
    func start(indexing base: BaseFile, offset: Int64, carried: [UInt8], decoder: BlockDecoder,
               deliver: @escaping @MainActor @Sendable (Message) -> Void) {
        markRunning()
        Background.longRunning { [self] in
            defer { markStopped() }
            let send: @Sendable (Message) -> Void = { message in Background.onMain { deliver(message) } }
            index(base, offset: offset, carried: carried, decoder: decoder, send: send)
        }
    }

    /// The whole of `base` as pieces, indexed on this thread and the other cores (a restore,
    /// which replays edits over the text at once); nil when it is not all UTF-8 or cannot be read.
    static func indexNow(_ base: BaseFile) -> (text: TextStorage, longestLine: Int, containsNUL: Bool)? {
        let collected = Mutex<(text: TextStorage, failed: Bool, longest: Int, nul: Bool)>((TextStorage(), false, 0, false))
        FileLoader().index(base, offset: 0, carried: [], decoder: BlockDecoder(encoding: .utf8, lineLength: 0)) { message in
            collected.withLock { state in
                switch message {
                case .text(let piece, _, let longest, let nul): state.text.append(contentsOf: piece); (state.longest, state.nul) = (longest, nul)
                case .failed, .restarted, .whole: state.failed = true
                case .finished: break
                }
            }
        }
        return collected.withLock { $0.failed ? nil : ($0.text, $0.longest, $0.nul) }
    }

    /// How often indexing hands its text to the main thread: each hand-over costs the main
    /// thread a frame of the loading window (its progress, its status bar), and a key typed in
    /// another window then waits for it, so they are few.
    static let indexDeliveryInterval: UInt64 = 250_000_000

    private func index(_ base: BaseFile, offset: Int64, carried: [UInt8], decoder: BlockDecoder, send: @Sendable (Message) -> Void) {
        base.readsInOrder()
        var decoder = decoder
        // Blocks lie at fixed places from here, always between two characters (a character the
        // head cut in two is read again whole), so each core takes every nth one by itself,
        // below the main thread's priority; this thread puts their results in order.
        let origin = offset - Int64(carried.count)
        let crew = IndexCrew(cores: Background.cores)
        for slot in 0..<crew.cores {
            Background.lowPriority { [self] in
                crew.work(slot) { buffer, block in
                    let at = origin + Int64(block) * Int64(Self.indexBlockSize)
                    base.willRead(from: at + Int64(crew.cores * Self.indexBlockSize), count: Self.indexBlockSize)
                    return self.isCancelled ? nil : buffer.index(base, at: at, first: block == 0)
                }
            }
        }
        defer { crew.stop() }
        var pending: (text: TextStorage, end: Int64)?
        var sent = DispatchTime.now().uptimeNanoseconds
        func flush() {
            guard let (text, end) = pending else { return }
            send(.text(text, bytesRead: end, longestLine: decoder.longestLine, containsNUL: decoder.sawNUL))
            pending = nil
            sent = DispatchTime.now().uptimeNanoseconds
        }
        while let block = crew.next() {
            if isCancelled { return }
            noteBlockRead()
            let indexed: IndexBlock.Indexed
            switch block {
            case .failed(let error): return send(.failed(.system("read", base.path, errno: error)))
            case .invalid:
                return send(.failed(TextFileError(localized("Could not open “%1”: it is not valid %2 throughout.",
                                                            PathName.file(of: base.path), TextEncoding.utf8.displayName))))
            case .indexed(let result): indexed = result
            }
            decoder.absorb(indexed.lines)
            if indexed.text.count > 0 || indexed.isLast {
                if pending == nil { pending = (indexed.text, indexed.bytes.upperBound) } else {
                    pending!.text.append(contentsOf: indexed.text)
                    pending!.end = indexed.bytes.upperBound
                }
            }
            if indexed.isLast {
                flush()
                return send(.finished)
            }
            if DispatchTime.now().uptimeNanoseconds - sent >= Self.indexDeliveryInterval { flush() }
        }
        // The crew ends only at the file's end, an error or a cancellation: never silently.
        if !isCancelled { send(.failed(.system("read", base.path, errno: EIO))) }
    }
}

/// The threads indexing a big file, one a core, each taking every nth block by itself; the
/// results are handed out in the file's order. A core runs at most a few blocks ahead of the
/// order, so a slow one holds up no memory.
private final class IndexCrew: Sendable {
    let cores: Int
    private let state = Mutex<(results: [Int: IndexBlock.Result], next: Int, last: Int, stopped: Bool, working: Int)>(([:], 0, Int.max, false, 0))
    private let arrived = DispatchSemaphore(value: 0)
    private let room: [DispatchSemaphore]

    init(cores: Int) {
        self.cores = cores
        // Made at 0 and signalled up: libdispatch ends the process when a semaphore goes with
        // less than it was made with.
        room = (0..<cores).map { _ in DispatchSemaphore(value: 0) }
        for semaphore in room { semaphore.signal(); semaphore.signal() }
        state.withLock { $0.working = cores }
    }

    /// One core's work: blocks slot, slot + n, … through `index` until the file's end, an
    /// error, or a stop (`index` answering nil).
    func work(_ slot: Int, _ index: (IndexBlock, Int) -> IndexBlock.Result?) {
        let buffer = IndexBlock()
        var block = slot
        while true {
            room[slot].wait()
            guard state.withLock({ !$0.stopped && block <= $0.last }), let result = index(buffer, block) else { break }
            state.withLock { state in
                state.results[block] = result
                if case .indexed(let indexed) = result, !indexed.isLast {} else { state.last = min(state.last, block) }
            }
            arrived.signal()
            block += cores
        }
        state.withLock { $0.working -= 1 }
        arrived.signal()
    }

    /// The next block's result in the file's order, waiting for it; nil once none will come.
    func next() -> IndexBlock.Result? {
        while true {
            let (result, block, over): (IndexBlock.Result?, Int, Bool) = state.withLock { state in
                if let result = state.results.removeValue(forKey: state.next) {
                    state.next += 1
                    return (result, state.next - 1, false)
                }
                return (nil, 0, state.working == 0 || state.next > state.last)
            }
            if let result {
                room[block % cores].signal()
                return result
            }
            if over { return nil }
            arrived.wait()
        }
    }

    /// Ends the work: each core stops before its next block.
    func stop() {
        state.withLock { $0.stopped = true }
        for semaphore in room { semaphore.signal() }
    }
}

/// One core's block of a file being indexed, and the buffer it is read into (kept from block to
/// block). A block stands for `indexBlockSize` bytes from where it is read, moved on past the
/// continuation bytes of a character at either end, so that blocks meet between characters.
private final class IndexBlock: @unchecked Sendable {
    enum Result {
        case indexed(Indexed)
        case invalid
        case failed(errno: Int32)
    }

    struct Indexed {
        let text: TextStorage
        let lines: LineTraits
        let bytes: Range<Int64>
        /// The file ended within it.
        let isLast: Bool
    }

    private var buffer = [UInt8](repeating: 0, count: FileLoader.indexBlockSize + 3)

    /// Reads and indexes the block at `position` (`first`: which starts between two characters).
    func index(_ base: BaseFile, at position: Int64, first: Bool) -> Result {
        let size = FileLoader.indexBlockSize
        guard let read = buffer.withUnsafeMutableBytes({ base.read(into: $0, at: position) }) else { return .failed(errno: errno) }
        return buffer.withUnsafeBufferPointer { all -> Result in
            let bytes = UnsafeBufferPointer(rebasing: all[0..<read])
            guard let skipped = first ? 0 : Self.continuations(bytes, from: 0) else { return .invalid }
            let isLast = read <= size
            guard let after = isLast ? read : Self.continuations(bytes, from: size).map({ size + $0 }) else { return .invalid }
            let lo = min(skipped, after)
            let range = (position + Int64(lo))..<(position + Int64(after))
            if lo == after { return .indexed(Indexed(text: TextStorage(), lines: LineTraits(of: ""), bytes: range, isLast: isLast)) }
            guard let (text, lines) = TextStorage.indexing(UnsafeBufferPointer(rebasing: bytes[lo..<after]), at: range.lowerBound, in: base) else {
                return .invalid
            }
            return .indexed(Indexed(text: text, lines: lines, bytes: range, isLast: isLast))
        }
    }

    /// How many continuation bytes stand at `from` (the tail of a character begun before it);
    /// nil for more than three, which no UTF-8 has.
    private static func continuations(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var count = 0
        while from + count < bytes.count && bytes[from + count] & 0xC0 == 0x80 {
            count += 1
            if count > 3 { return nil }
        }
        return count
    }
}
