import CMappedCompare
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// The end of the file a document holds, to follow a file that only grew (a log) by reading its
/// new bytes alone. "Only grew" is checked by the size and the old part: up to `wholeCheckLimit`,
/// every old byte is compared with the document's text (a read from the page cache and a memcmp:
/// ~5 ms for 20 MB); past it, the last block before the old end and 16 blocks spread over the old
/// part, by CRC-32, so there a same-length change of the old part that misses every sampled block
/// is not seen (README says so).
struct FileTail: Equatable, Sendable {
    /// How many of the file's bytes the document holds.
    var size: Int64
    /// Past `wholeCheckLimit`: CRC-32 of the block before `size` and of the sampled blocks.
    var samples: Samples?

    struct Samples: Equatable, Sendable {
        var lastBlock: UInt32
        var checked: UInt32
    }

    static let blockSize: Int64 = 4096
    /// The most a tail may bring at once; more than that is read as a whole reload.
    static let largestGrowth: Int64 = 64 << 20
    /// Up to this size the whole old part is compared with the text; past it, samples.
    static let wholeCheckLimit: Int64 = 64 << 20
    static let sampleCount: Int64 = 16

    /// The tail of the file at `path` when the document holds its first `size` bytes (reads only
    /// past `wholeCheckLimit`, to take the samples).
    static func of(_ path: String, size: Int64) -> FileTail? {
        if RemoteLocation.isRemote(path) { return nil }  // a server's file is read whole: no tail to follow
        guard size > wholeCheckLimit else { return FileTail(size: size) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return samples(fd, size: size).map { FileTail(size: size, samples: $0) }
    }

    /// What a file that only grew brought: its new text (whole UTF-8 characters) and the tail
    /// of the file once the document holds it.
    struct Growth: Sendable {
        var text: String
        var tail: FileTail
    }

    /// What the file at `path` has past `size`, when it still starts with the bytes of `text`
    /// (after a UTF-8 byte-order mark of `markLength` bytes); nil when it did not only grow
    /// (shrunk, rewritten, gone, grew too much) or what it grew by is not text. Off the main thread.
    func growth(_ path: String, holding text: TextStorage, markLength: Int) -> Growth? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let newSize = Int64(info.st_size)
        guard newSize > size, newSize - size <= Self.largestGrowth else { return nil }
        if let samples {
            guard Self.samples(fd, size: size) == samples else { return nil }
        } else {
            guard Self.holds(fd, size: size, text: text, markLength: markLength) else { return nil }
        }
        guard let bytes = Self.readBlock(fd, at: size, count: Int(newSize - size)), !bytes.contains(0),
              let (grown, used) = Self.decodeUTF8Prefix(bytes) else { return nil }
        let end = size + Int64(used)
        guard end > Self.wholeCheckLimit else { return Growth(text: grown, tail: FileTail(size: end)) }
        return Self.samples(fd, size: end).map { Growth(text: grown, tail: FileTail(size: end, samples: $0)) }
    }

    /// Whether the file at `path` is exactly a UTF-8 mark of `markLength` bytes and then the UTF-8
    /// of `text` (a version rewritten in place keeping its stamp is told by its bytes, at the cost
    /// of a read and a memcmp, no decoding). Off the main thread.
    static func fileHolds(_ path: String, text: TextStorage, markLength: Int) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return holds(fd, size: Int64(info.st_size), text: text, markLength: markLength)
    }

    /// Whether the first `size` bytes of the file are a UTF-8 mark of `markLength` bytes and then
    /// exactly the UTF-8 of `text`: compared chunk by chunk of the rope, in one pass, through a
    /// mapping of the file (no copy: at each append of a followed log this compares its whole old
    /// part), or read in blocks where it cannot be mapped.
    static func holds(_ fd: Int32, size: Int64, text: TextStorage, markLength: Int) -> Bool {
        guard markLength == 0 || markLength == 3 else { return false }
        if markLength > 0 { guard readBlock(fd, at: 0, count: 3) == [0xEF, 0xBB, 0xBF] else { return false } }
        if let mapped = tandem_map_file(fd, Int(size)) {
            defer { tandem_unmap_file(mapped, Int(size)) }
            var offset = markLength, same = true
            text.forEachChunk { chunk in
                guard same else { return }
                var chunk = chunk
                chunk.withUTF8 { bytes in
                    // A file shorter than the text, or one truncated under the mapping (-1), is not it.
                    same = offset + bytes.count <= Int(size)
                        && (bytes.isEmpty || tandem_mapped_compare(mapped + offset, bytes.baseAddress, bytes.count) == 0)
                    offset += bytes.count
                }
            }
            return same && offset == Int(size)
        }
        var textBytes = Int64(markLength)
        text.forEachChunk { textBytes += Int64($0.utf8.count) }
        guard textBytes == size else { return false }
        var reader = BlockReader(fd: fd, offset: Int64(markLength))
        var same = true
        text.forEachChunk { chunk in
            guard same else { return }
            var chunk = chunk
            chunk.withUTF8 { same = reader.matches($0) }
        }
        return same
    }

    /// Compares a file's bytes, from an offset on, with buffers given in turn.
    private struct BlockReader {
        let fd: Int32
        var offset: Int64
        var block = [UInt8](repeating: 0, count: 128 << 10)  // stays in the cache for the memcmp that follows
        var start = 0, end = 0

        init(fd: Int32, offset: Int64) { self.fd = fd; self.offset = offset }

        mutating func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var done = 0
            while done < bytes.count {
                if start == end {
                    guard let n = refill() else { return false }
                    start = 0; end = n
                }
                let count = min(end - start, bytes.count - done)
                let equal = block.withUnsafeBytes { memcmp($0.baseAddress! + start, bytes.baseAddress! + done, count) == 0 }
                guard equal else { return false }
                start += count; done += count
            }
            return true
        }

        private mutating func refill() -> Int? {
            while true {
                let n = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(offset)) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return nil }
                offset += Int64(n)
                return n
            }
        }
    }

    /// The blocks sampled in the first `size` bytes: spread over them, and the one before `size`.
    static func sampledRanges(size: Int64) -> [Range<Int64>] {
        let stride = (size - blockSize) / (sampleCount - 1)
        return (0..<sampleCount).map { index in (index * stride)..<(index * stride + blockSize) }
    }

    private static func samples(_ fd: Int32, size: Int64) -> Samples? {
        guard let last = readBlock(fd, at: max(0, size - blockSize), count: Int(min(size, blockSize))) else { return nil }
        var crc: UInt32 = 0
        for range in sampledRanges(size: size) {
            guard let part = readBlock(fd, at: range.lowerBound, count: Int(range.count)) else { return nil }
            crc = journalCRC(part, continuing: crc)
        }
        return Samples(lastBlock: journalCRC(last), checked: crc)
    }

    private static func readBlock(_ fd: Int32, at offset: Int64, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            filled += n
        }
        return bytes
    }
}

extension FileTail {
    /// The longest prefix of `bytes` that is whole UTF-8 characters (a writer may be in the middle
    /// of one), decoded; nil when the bytes are not UTF-8 at all.
    static func decodeUTF8Prefix(_ bytes: [UInt8]) -> (text: String, byteCount: Int)? {
        var end = bytes.count
        // Back off at most 3 continuation bytes and their lead: an unfinished last character.
        var back = 0
        while back < 4 && end - back > 0 && bytes[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        if end - back > 0 {
            let lead = bytes[end - back - 1]
            let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
            if needed > back { end -= back + 1 }
        }
        guard let text = String(validating: bytes[..<end], as: UTF8.self) else { return nil }
        return (text, end)
    }
}
