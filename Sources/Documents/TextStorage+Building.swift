import CByteScan
#if canImport(Glibc)
import Glibc
#endif

/// What a block of bytes holds that decides how fast it can be taken in, found in passes the
/// compiler vectorizes or libc's memchr makes.
struct ByteProfile {
    /// Only ASCII and no "\r": a character is a byte and a line ends at each "\n".
    let isPlainASCII: Bool
    /// Only ASCII: a character is a byte.
    let isASCII: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let bits = bytes.isEmpty ? 0 : tandem_byte_bits(bytes.baseAddress, bytes.count)
        isASCII = bits < 0x80
        isPlainASCII = isASCII && (bytes.isEmpty || memchr(bytes.baseAddress!, 0x0D, bytes.count) == nil)
    }
}

/// What a leaf's counts are made of, taken in one pass over its UTF-8.
struct LeafCounts {
    var scalars = 0
    /// Line breaks as GTK counts them ("\n", "\r\n", a lone "\r", U+2029 whose UTF-8 is
    /// E2 80 A9), a final "\r" counted as one.
    var breaks = 0
    var first: UInt8?
    var last: UInt8?

    init() {}

    init(scalars: Int, breaks: Int, first: UInt8?, last: UInt8?) {
        (self.scalars, self.breaks, self.first, self.last) = (scalars, breaks, first, last)
    }

    /// The counts of `bytes`, valid UTF-8.
    init(of bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { self.init(); return }
        var counts = tandem_piece_counts()
        tandem_count_piece(base, bytes.count, &counts)
        self.init(counts)
    }

    /// The counts C took of a run of bytes that is not empty.
    init(_ counts: tandem_piece_counts) {
        (scalars, breaks, first, last) = (counts.scalars, counts.breaks, UInt8(counts.first), UInt8(counts.last))
    }

    /// Counts byte by byte, so a caller can stop at a scalar boundary of its choosing.
    struct Scanner {
        private(set) var counts = LeafCounts()
        private var previous: UInt8 = 0
        private var beforePrevious: UInt8 = 0

        @inline(__always)
        mutating func take(_ byte: UInt8) {
            if counts.first == nil { counts.first = byte }
            if byte & 0xC0 != 0x80 { counts.scalars += 1 }
            if byte == 0x0D || (byte == 0x0A && previous != 0x0D)
                || (byte == 0xA9 && previous == 0x80 && beforePrevious == 0xE2) { counts.breaks += 1 }
            beforePrevious = previous
            previous = byte
            counts.last = byte
        }
    }
}

extension TextStorage {
    /// The tree for `text`, built bottom-up from its leaves.
    static func build(_ text: String) -> Node {
        tree(of: leaves(of: text))
    }

    /// Storage holding `bytes` when they are valid UTF-8; nil when they are not. The leaves are
    /// cut from the bytes as read, so a loader makes no intermediate string of a whole block.
    init?(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>, profile: ByteProfile) {
        let leaves = profile.isPlainASCII ? Self.plainASCIILeaves(bytes) : Self.leaves(ofUTF8: bytes, validating: true)
        guard let leaves else { return nil }
        self.init(root: Self.tree(of: leaves))
    }

    /// The tree over `leaves`, in order: inner nodes of `fanout` children, level by level.
    private static func tree(of leaves: [Node]) -> Node {
        var level = leaves
        if level.isEmpty { return Node(leaf: "") }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: fanout).map {
                Node(children: Array(level[$0..<min($0 + fanout, level.count)]))
            }
        }
        return level[0]
    }

    /// `text` cut into leaves of at most `leafCapacity` scalars.
    static func leaves(of text: String) -> [Node] {
        var text = text
        return text.withUTF8 { leaves(ofUTF8: $0, validating: false) } ?? []
    }

    /// Leaves of ASCII text without "\r" (most big files): each is `leafCapacity` bytes, whose
    /// line breaks are its "\n"s, counted in a loop the compiler vectorizes.
    private static func plainASCIILeaves(_ bytes: UnsafeBufferPointer<UInt8>) -> [Node] {
        var leaves: [Node] = []
        leaves.reserveCapacity(bytes.count / leafCapacity + 1)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + leafCapacity)
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            var counts = LeafCounts()
            var newlines: UInt32 = 0
            for byte in slice { newlines &+= byte == 0x0A ? 1 : 0 }
            (counts.scalars, counts.breaks, counts.first, counts.last) = (slice.count, Int(newlines), slice.first, slice.last)
            leaves.append(Node(leaf: String(decoding: slice, as: UTF8.self), counts: counts))
            start = end
        }
        return leaves
    }

    /// Leaves cut from UTF-8 in one pass that also counts what each holds: a loader builds
    /// 100 MB of leaves at memory speed, where walking scalars, then copying them, then counting
    /// again took most of a big file's load. Nil when `validating` and the bytes are not UTF-8.
    private static func leaves(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, validating: Bool) -> [Node]? {
        var leaves: [Node] = []
        leaves.reserveCapacity(bytes.count / leafCapacity + 1)
        var start = 0
        while start < bytes.count {
            var scanner = LeafCounts.Scanner()
            var end = start
            while end < bytes.count {
                let byte = bytes[end]
                // A leaf ends before the lead byte of the scalar one past its capacity.
                if byte & 0xC0 != 0x80 && scanner.counts.scalars == leafCapacity { break }
                scanner.take(byte)
                end += 1
            }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let piece: String
            if validating {
                // Cut before lead bytes only, so a leaf of valid text holds whole characters.
                guard let valid = String(validating: slice, as: UTF8.self) else { return nil }
                piece = valid
            } else {
                piece = String(decoding: slice, as: UTF8.self)
            }
            leaves.append(Node(leaf: piece, counts: scanner.counts))
            start = end
        }
        return leaves
    }
}
