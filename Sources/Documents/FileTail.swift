#if canImport(Glibc)
import Glibc
#endif

/// The end of the file a document holds, to follow a file that only grew (a log) by reading its
/// new bytes alone. The check is the size and the last block before the old end: a change
/// elsewhere in the old part that keeps that block is not seen (README says so).
struct FileTail: Equatable, Sendable {
    /// How many of the file's bytes the document holds.
    var size: Int64
    /// CRC-32 of the `blockSize` bytes before `size` (fewer in a smaller file).
    var lastBlock: UInt32

    static let blockSize: Int64 = 4096
    /// The most a tail may bring at once; more than that is read as a whole reload.
    static let largestGrowth: Int64 = 64 << 20

    /// The tail of the file at `path` when the document holds its first `size` bytes.
    static func of(_ path: String, size: Int64) -> FileTail? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let block = readBlock(fd, at: max(0, size - blockSize), count: Int(min(size, blockSize))) else { return nil }
        return FileTail(size: size, lastBlock: journalCRC(block))
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
              journalCRC(block) == lastBlock else { return nil }
        return Self.readBlock(fd, at: size, count: Int(newSize - size))
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
