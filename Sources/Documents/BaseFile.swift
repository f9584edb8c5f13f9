import CByteScan
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The file a big document was read from, which the untouched pieces of its text still stand
/// for (`FileSpan`): held open, so a rename-replace by another program keeps the old bytes, and
/// read on demand through a small cache of decoded pieces, so memory follows the screen and the
/// edits, never the file.
public final class BaseFile: Sendable {
    /// The path it was opened at (for messages; the descriptor is what is read).
    public let path: String
    /// The device and inode opened: the file the pieces stand for, whatever the path holds now.
    public let device: UInt64, inode: UInt64
    private let fd: Int32
    private let cache = Mutex(PieceCache())
    private let damaged = Atomic<Bool>(false)

    /// How many decoded pieces are kept (each at most `FileSpan.maximumBytes`): the screens of a
    /// few windows, a search's neighbourhood.
    static let cachedPieces = 48

    /// Opens `path` for reading; nil when it cannot be opened.
    public init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else { close(fd); return nil }
        self.path = path
        self.fd = fd
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    deinit { close(fd) }

    /// Whether a read found bytes other than the ones indexed (the file rewritten or cut short in
    /// place under the document): what stood there is shown as U+FFFD, never as other text.
    public var isDamaged: Bool { damaged.load(ordering: .acquiring) }

    /// The file's size now, through the open descriptor (nil when it cannot be asked).
    public var currentSize: Int64? {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// Tells the kernel the file is read from start to end now (a wider read-ahead).
    func readsInOrder() { _ = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL) }

    /// Asks the kernel to start reading `count` bytes from `offset` now, without waiting: the
    /// disk reads the next blocks while the cores count the last ones.
    func willRead(from offset: Int64, count: Int) { _ = posix_fadvise(fd, off_t(offset), off_t(count), POSIX_FADV_WILLNEED) }

    /// Fills `buffer` from byte `offset` on, up to the file's end: how many bytes were read, nil
    /// on an error.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int? {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// The bytes of `range`, read whole; nil on an error or a file now shorter.
    func read(_ range: Range<Int64>) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: Int(range.count))
        var done = 0
        let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while done < buffer.count {
                let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(range.lowerBound) + off_t(done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        return ok ? bytes : nil
    }

    /// The text `span` stands for, from the cache when it was read lately (`caching` false: a
    /// pass over the whole text, a save or a search, leaves the cache to the screens).
    func text(of span: FileSpan, scalars: Int, caching: Bool = true) -> String {
        if let hit = cache.withLock({ $0.text(at: span.bytes) }) { return hit }
        let text = decode(span, scalars: scalars)
        if caching { cache.withLock { $0.keep(text, at: span.bytes) } }
        return text
    }

    private func decode(_ span: FileSpan, scalars: Int) -> String {
        if let bytes = read(span.bytes), bytes.withUnsafeBufferPointer({ SpanHash.of($0) }) == span.hash {
            return String(decoding: bytes, as: UTF8.self)
        }
        // Not the bytes indexed: the file changed in place. Handing out what is there now would
        // be a wrong line that looks right; the piece keeps its length, its text is lost.
        damaged.store(true, ordering: .releasing)
        return String(repeating: "\u{FFFD}", count: scalars)
    }
}

/// The decoded pieces read last, the least recently used one dropped first.
private struct PieceCache {
    private var texts: [Range<Int64>: (text: String, used: Int)] = [:]
    private var clock = 0

    mutating func text(at offset: Range<Int64>) -> String? {
        guard let entry = texts[offset] else { return nil }
        clock += 1
        texts[offset] = (entry.text, clock)
        return entry.text
    }

    mutating func keep(_ text: String, at offset: Range<Int64>) {
        if texts.count >= BaseFile.cachedPieces, let oldest = texts.min(by: { $0.value.used < $1.value.used }) {
            texts[oldest.key] = nil
        }
        clock += 1
        texts[offset] = (text, clock)
    }
}

/// A 64-bit checksum of a piece's bytes, taken when it is indexed and again when it is read: a
/// file rewritten under the document is caught before a byte of it is shown.
enum SpanHash {
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        tandem_piece_hash(bytes.baseAddress, bytes.count)
    }
}
