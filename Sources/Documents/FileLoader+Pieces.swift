import Background
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

    private func index(_ base: BaseFile, offset: Int64, carried: [UInt8], decoder: BlockDecoder, send: @Sendable (Message) -> Void) {
        base.readsInOrder()
        var decoder = decoder
        var carry = carried
        // Where the next block's first byte (the carry's first, if any) lies in the file.
        var start = offset - Int64(carried.count)
        var atEnd = false
        var buffers = [[UInt8]](repeating: [], count: Background.cores)
        while !atEnd && !isCancelled {
            var batch: [(count: Int, at: Int64)] = []
            while batch.count < buffers.count && !atEnd {
                let slot = batch.count
                let (block, read) = readBlock(base, at: start + Int64(carry.count), after: carry, into: &buffers[slot])
                guard let read else { return send(.failed(.system("read", base.path, errno: errno))) }
                atEnd = read == 0
                let total = carry.count + read
                let whole = atEnd ? total : block.withUnsafeBufferPointer { BlockDecoder.utf8Boundary($0, count: total) }
                carry = Array(block[whole..<total])
                noteBlockRead()
                batch.append((whole, start))
                start += Int64(whole)
            }
            // The next batch is asked for before this one is counted.
            if !atEnd { base.willRead(from: start, count: buffers.count * Self.indexBlockSize) }
            let blocks = buffers, counts = batch
            let pieces = Background.inParallel(counts.count) { slot in
                blocks[slot].withUnsafeBufferPointer { all -> (TextStorage, LineTraits)? in
                    let bytes = UnsafeBufferPointer(rebasing: all[0..<counts[slot].count])
                    if bytes.isEmpty { return (TextStorage(), LineTraits(of: "")) }
                    let profile = ByteProfile(bytes)
                    guard let text = TextStorage(spansOf: bytes, at: counts[slot].at, in: base, profile: profile) else { return nil }
                    return (text, LineTraits(of: bytes, profile: profile))
                }
            }
            for (slot, piece) in pieces.enumerated() {
                guard let (text, traits) = piece else {
                    return send(.failed(TextFileError(localized("Could not open “%1”: it is not valid %2 throughout.",
                                                                PathName.file(of: base.path), TextEncoding.utf8.displayName))))
                }
                decoder.absorb(traits)
                if text.count > 0 || (atEnd && slot == pieces.count - 1) {
                    send(.text(text, bytesRead: counts[slot].at + Int64(counts[slot].count), longestLine: decoder.longestLine,
                               containsNUL: decoder.sawNUL))
                }
            }
        }
        if !isCancelled { send(.finished) }
    }

    /// Reads the next block into `buffer` behind `carry`; the block, and how many bytes were read
    /// (0 at the end, nil on an error).
    private func readBlock(_ base: BaseFile, at position: Int64, after carry: [UInt8], into buffer: inout [UInt8]) -> ([UInt8], Int?) {
        if buffer.count != Self.indexBlockSize + 4 { buffer = [UInt8](repeating: 0, count: Self.indexBlockSize + 4) }
        for (index, byte) in carry.enumerated() { buffer[index] = byte }
        let read = buffer.withUnsafeMutableBytes { raw in
            base.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[carry.count..<(carry.count + Self.indexBlockSize)]), at: position)
        }
        return (buffer, read)
    }
}
