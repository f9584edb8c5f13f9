import CDeflate
#if canImport(Glibc)
import Glibc
#endif

/// Little-endian bytes for the edit journal: what a record's payload is built with.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func int(_ value: Int) { u64(UInt64(bitPattern: Int64(value))) }
    /// A string as its UTF-8 length and bytes.
    mutating func string(_ value: String) {
        u32(UInt32(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }
    mutating func raw(_ value: some Sequence<UInt8>) { bytes.append(contentsOf: value) }
}

/// Reads what `ByteWriter` wrote; every read is bounds-checked and returns nil past the end or on
/// a value that cannot be right, so a damaged payload can never crash or overrun.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var isAtEnd: Bool { position == bytes.endIndex }
    var remaining: Int { bytes.endIndex - position }

    mutating func u8() -> UInt8? {
        guard position < bytes.endIndex else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u32() -> UInt32? { fixed(4).map { UInt32($0) } }
    mutating func u64() -> UInt64? { fixed(8) }

    /// The most an offset or count may be: 2^48 scalars, thousands of times a 50 GB file's
    /// (2^36), yet a value no damaged or planted journal can make an allocation of.
    static let largestCount: UInt64 = 1 << 48

    /// A non-negative Int that fits the journal's limits (no offset or count is ever negative).
    mutating func count() -> Int? {
        guard let value = u64(), value <= Self.largestCount else { return nil }
        return Int(value)
    }

    mutating func string() -> String? {
        guard let length = u32().map(Int.init), length <= remaining else { return nil }
        defer { position += length }
        return String(validating: bytes[position..<(position + length)], as: UTF8.self)
    }

    private mutating func fixed(_ size: Int) -> UInt64? {
        guard remaining >= size else { return nil }
        var value: UInt64 = 0
        for index in 0..<size { value |= UInt64(bytes[position + index]) << (8 * index) }
        position += size
        return value
    }
}

/// The CRC-32 of zlib (and of gzip and PNG), continued from `crc` over `bytes`.
func journalCRC(_ bytes: some Collection<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withContiguousStorageIfAvailable { buffer in
        libdeflate_crc32(crc, buffer.baseAddress, buffer.count)
    } ?? Array(bytes).withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
}

/// The hash a journal keeps of a base text (CRC-32 of its UTF-8), to know the file on disk is
/// still the text the journal's edits apply to.
func textHash(_ text: TextStorage) -> UInt32 {
    var crc: UInt32 = 0
    // A file's pieces go in as their bytes, never decoded (a changed file's piece stops the
    // pass: the hash is then of no text, and matches none).
    _ = text.forEachUTF8Piece { piece in
        crc = journalCRC(piece.bindMemory(to: UInt8.self), continuing: crc)
        return true
    }
    return crc
}

/// A text's length in scalars and `textHash`: how a journal recognizes the text a file holds.
struct TextFingerprint: Equatable, Sendable {
    var length: Int
    var hash: UInt32

    init(length: Int, hash: UInt32) {
        self.length = length
        self.hash = hash
    }

    init(_ text: TextStorage) {
        self.init(length: text.count, hash: textHash(text))
    }

    init(_ text: String) {
        var text = text
        let hash = text.withUTF8 { journalCRC($0) }
        self.init(length: text.unicodeScalars.count, hash: hash)
    }

    /// The fingerprint of a UTF-8 file without a byte-order mark, and the CRC-32 of its bytes
    /// (the same number), read a block at a time: a file too big to hold is never held. Nil
    /// when it cannot be read.
    static func ofUTF8File(_ path: String) -> (fingerprint: TextFingerprint, crc: UInt32)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var block = [UInt8](repeating: 0, count: 4 << 20)
        var crc: UInt32 = 0, scalars = 0, offset: off_t = 0
        while true {
            let n = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            block.withUnsafeBufferPointer { all in
                let bytes = UnsafeBufferPointer(rebasing: all[0..<n])
                crc = journalCRC(bytes, continuing: crc)
                var leads = 0
                for byte in bytes { leads &+= byte & 0xC0 != 0x80 ? 1 : 0 }
                scalars += leads
            }
            offset += off_t(n)
        }
        return (TextFingerprint(length: scalars, hash: crc), crc)
    }
}
