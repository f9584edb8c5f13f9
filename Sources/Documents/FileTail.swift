#if canImport(Glibc)
import Glibc
#endif

/// The end of the file a document holds, to follow a file that only grew (a log) by reading its
/// new bytes alone. "Only grew" is checked by the size, the last block before the old end, and the
/// old part: all of it up to `wholeCheckLimit`, 16 blocks spread over it beyond that, so a change
/// of the same length elsewhere in a big file's old part that misses every sampled block is not
/// seen (README says so); checking all of a 20 MB log at each append would cost ~10 ms each.
struct FileTail: Equatable, Sendable {
    /// How many of the file's bytes the document holds.
    var size: Int64
    /// CRC-32 of the `blockSize` bytes before `size` (fewer in a smaller file).
    var lastBlock: UInt32
    /// CRC-32 of the old part's checked bytes (`checkedRanges`).
    var checked: UInt32

    static let blockSize: Int64 = 4096
    /// The most a tail may bring at once; more than that is read as a whole reload.
    static let largestGrowth: Int64 = 64 << 20
    /// Up to this size the whole old part is compared; past it, samples.
    static let wholeCheckLimit: Int64 = 1 << 20
    static let sampleCount: Int64 = 16

    /// The tail of the file at `path` when the document holds its first `size` bytes.
    static func of(_ path: String, size: Int64) -> FileTail? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let block = readBlock(fd, at: max(0, size - blockSize), count: Int(min(size, blockSize))),
              let checked = checksum(fd, size: size) else { return nil }
        return FileTail(size: size, lastBlock: journalCRC(block), checked: checked)
    }

    /// The bytes the file at `path` has past `size`, when it still starts with what this tail
    /// describes; nil when it did not only grow (shrunk, rewritten, gone, or grew too much).
    func grownBytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let newSize = Int64(info.st_size)
        guard newSize > size, newSize - size <= Self.largestGrowth,
              let block = Self.readBlock(fd, at: max(0, size - Self.blockSize), count: Int(min(size, Self.blockSize))),
              journalCRC(block) == lastBlock, Self.checksum(fd, size: size) == checked else { return nil }
        return Self.readBlock(fd, at: size, count: Int(newSize - size))
    }

    /// The parts of the first `size` bytes that are compared: all of them, or spread samples.
    static func checkedRanges(size: Int64) -> [Range<Int64>] {
        if size <= wholeCheckLimit { return [0..<size] }
        let stride = (size - blockSize) / (sampleCount - 1)
        return (0..<sampleCount).map { index in (index * stride)..<(index * stride + blockSize) }
    }

    private static func checksum(_ fd: Int32, size: Int64) -> UInt32? {
        var crc: UInt32 = 0
        for range in checkedRanges(size: size) {
            guard let part = readBlock(fd, at: range.lowerBound, count: Int(range.count)) else { return nil }
            crc = journalCRC(part, continuing: crc)
        }
        return crc
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
