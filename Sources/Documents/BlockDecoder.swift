import CByteScan
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Decodes a file block by block, keeping the bytes of a character split across two blocks,
/// and watches for NUL bytes and the longest line on the way.
struct BlockDecoder: Sendable {
    let encoding: TextEncoding
    private var carry: [UInt8] = []
    /// The longest line seen so far, in scalars.
    private(set) var longestLine: Int
    private var lineLength: Int
    /// Whether a NUL character was seen.
    private(set) var sawNUL = false

    /// The bytes of a character the last block cut in two, waiting for the next.
    var carried: [UInt8] { carry }

    init(encoding: TextEncoding, lineLength: Int) {
        self.encoding = encoding
        self.lineLength = lineLength
        longestLine = lineLength
    }

    /// The text of `bytes` (plus what the last block left over); nil when they are invalid.
    mutating func decode(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> String? {
        guard let text = encoding.decode(cut(bytes, atEnd: atEnd)[...]) else { return nil }
        absorb(LineTraits(of: text))
        return text
    }

    /// What the last block left over and `bytes`, up to the last whole character (all of it at
    /// the end); the rest is kept for the next block. Looks at bytes only, so the pieces can be
    /// decoded apart.
    mutating func cut(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> [UInt8] {
        var input = carry
        input.append(contentsOf: bytes)
        carry = []
        var end = input.count
        if !atEnd {
            switch encoding {
            case .utf8: end = Self.utf8Boundary(input)
            case .utf16LittleEndian, .utf16BigEndian:
                end -= end % 2
                // Keep a lone high surrogate for the next block.
                if end >= 2 {
                    let unit = encoding == .utf16LittleEndian ? UInt16(input[end - 2]) | UInt16(input[end - 1]) << 8
                                                              : UInt16(input[end - 2]) << 8 | UInt16(input[end - 1])
                    if (0xD800...0xDBFF).contains(unit) { end -= 2 }
                }
            case .windows1252: break
            }
            carry = Array(input[end...])
            input.removeLast(input.count - end)
        }
        return input
    }

    /// Takes in the lines of the next piece of text, in the file's order.
    mutating func absorb(_ traits: LineTraits) {
        if traits.hasBreak {
            longestLine = max(longestLine, lineLength + traits.leading, traits.longestInside)
            lineLength = traits.trailing
        } else {
            lineLength += traits.leading
        }
        longestLine = max(longestLine, lineLength)
        sawNUL = sawNUL || traits.containsNUL
    }

    /// Where the last complete UTF-8 sequence ends (an incomplete one waits for the next block).
    static func utf8Boundary(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { utf8Boundary($0, count: $0.count) }
    }

    /// Where the last complete UTF-8 sequence of the first `count` bytes ends.
    static func utf8Boundary(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Int {
        var index = count
        var back = 0
        while index > 0 && back < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 != 0x80 {
                // A lead byte: is its sequence complete?
                let needed = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return back + 1 >= needed ? count : index - 1
            }
            index -= 1
            back += 1
        }
        return count  // no lead byte in reach: invalid anyway, let validation say so
    }

    /// The longest line of `text` (in scalars) and whether it holds a NUL character.
    static func traits(of text: String) -> (longestLine: Int, containsNUL: Bool) {
        var decoder = BlockDecoder(encoding: .utf8, lineLength: 0)
        decoder.absorb(LineTraits(of: text))
        return (decoder.longestLine, decoder.sawNUL)
    }
}

/// The lengths of the lines in a piece of text (in scalars), as much as can be known without the
/// pieces around it. Lines end at "\n", "\r\n" or a lone "\r" (as GTK breaks them), so a file of
/// classic Mac line endings is not one long line.
struct LineTraits: Sendable {
    /// The scalars before the first break (all of them when there is none).
    var leading = 0
    /// The scalars after the last break.
    var trailing = 0
    /// The longest line that both begins and ends inside the piece.
    var longestInside = 0
    var hasBreak = false
    var containsNUL = false

    init(of text: String) {
        var text = text  // a buffer of bytes, walked at memory speed (String.UTF8View checks each step)
        self = text.withUTF8 { LineTraits(of: $0) }
    }

    /// The traits of UTF-8 `bytes`, found in C (`profile` saying plain ASCII: by memchr).
    init(of bytes: UnsafeBufferPointer<UInt8>, profile: ByteProfile? = nil) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { self.init(tandem_line_traits()); return }
        var traits = tandem_line_traits()
        tandem_line_traits_of(base, bytes.count, profile?.isPlainASCII == true ? 1 : 0, &traits)
        self.init(traits)
    }

    /// The traits C found.
    init(_ traits: tandem_line_traits) {
        (leading, trailing, longestInside) = (traits.leading, traits.trailing, traits.longest_inside)
        (hasBreak, containsNUL) = (traits.has_break != 0, traits.contains_nul != 0)
    }

    /// The traits of this piece of text followed by `next`.
    mutating func append(_ next: LineTraits) {
        switch (hasBreak, next.hasBreak) {
        case (false, false): leading += next.leading; trailing = leading
        case (false, true): (leading, trailing, longestInside) = (leading + next.leading, next.trailing, next.longestInside)
        case (true, false): trailing += next.leading
        case (true, true):
            longestInside = max(longestInside, next.longestInside, trailing + next.leading)
            trailing = next.trailing
        }
        hasBreak = hasBreak || next.hasBreak
        containsNUL = containsNUL || next.containsNUL
    }

    private init() {}
}
