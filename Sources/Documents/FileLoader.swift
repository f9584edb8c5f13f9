import Background
import Dispatch
import FoundationEssentials
import Localization
import SafeFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reads and decodes the rest of a big file on a background thread, handing the text to the
/// main actor in pieces that are already ropes, so joining them there costs O(log n).
final class FileLoader: Sendable {

    /// What the loader reports, in order, on the main actor.
    enum Message: Sendable {
        /// More text, and what it showed on the way.
        case text(TextStorage, bytesRead: Int64, longestLine: Int, containsNUL: Bool)
        /// The bytes are not valid in the encoding guessed from the start: everything so far
        /// is void, and the text comes again from the beginning in `encoding`.
        case restarted(encoding: TextEncoding)
        /// The whole file has been read.
        case finished
        /// Reading failed; the message is a sentence for the user.
        case failed(TextFileError)
    }

    /// How many bytes one read takes (and at most how much text one message carries).
    static let blockSize = 1 << 20

    private let cancellation = Cancellation()
    private let blocks = Atomic<Int>(0)
    private let running = Atomic<Bool>(false)

    /// Stops the loader at its next block; no message follows.
    func cancel() { cancellation.cancel() }
    /// How many blocks the thread has read so far (tests show a cancelled load stopped early).
    var blocksRead: Int { blocks.load(ordering: .relaxed) }
    /// Whether the reading thread is still running.
    var isRunning: Bool { running.load(ordering: .acquiring) }

    /// Starts reading `path` from byte `offset` with `decoder`, which decoded the bytes before it.
    /// Invalid UTF-8 starts again as Windows-1252 when `mayFallBack` (no byte-order mark promised
    /// UTF-8). `deliver` runs on the main actor.
    func start(path: String, offset: Int64, decoder: BlockDecoder, mayFallBack: Bool,
               deliver: @escaping @MainActor @Sendable (Message) -> Void) {
        running.store(true, ordering: .releasing)
        Background.longRunning { [self] in
            defer { running.store(false, ordering: .releasing) }
            let send: @Sendable (Message) -> Void = { message in
                Background.onMain { deliver(message) }
            }
            run(path: path, offset: offset, decoder: decoder, mayFallBack: mayFallBack, send: send)
        }
    }

    private func run(path: String, offset: Int64, decoder: BlockDecoder, mayFallBack: Bool,
                     send: @Sendable (Message) -> Void) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return send(.failed(.system("open", path, errno: errno))) }
        defer { close(fd) }
        var position = offset
        var decoder = decoder
        var block = [UInt8](repeating: 0, count: Self.blockSize)
        while !cancellation.isCancelled {
            let n = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(position)) }
            if n < 0 {
                if errno == EINTR { continue }
                return send(.failed(.system("read", path, errno: errno)))
            }
            let atEnd = n == 0
            guard let text = decoder.decode(block[0..<n], atEnd: atEnd) else {
                let name = PathName.file(of: path)
                guard mayFallBack, decoder.encoding == .utf8 else {
                    return send(.failed(TextFileError(localized("Could not open “%1”: it is not valid %2 throughout.", name, decoder.encoding.displayName))))
                }
                // Not UTF-8 after all: Windows-1252 takes any bytes, from the start again.
                decoder = BlockDecoder(encoding: .windows1252, lineLength: 0)
                position = 0
                send(.restarted(encoding: .windows1252))
                continue
            }
            position += Int64(n)
            blocks.add(1, ordering: .relaxed)
            if !text.isEmpty || atEnd {
                send(.text(TextStorage(text), bytesRead: position, longestLine: decoder.longestLine,
                           containsNUL: decoder.sawNUL))
            }
            if atEnd { return send(.finished) }
        }
    }
}

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

    init(encoding: TextEncoding, lineLength: Int) {
        self.encoding = encoding
        self.lineLength = lineLength
        longestLine = lineLength
    }

    /// The text of `bytes` (plus what the last block left over); nil when they are invalid.
    mutating func decode(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> String? {
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
        }
        guard let text = encoding.decode(input[0..<end]) else { return nil }
        measure(text)
        return text
    }

    /// Where the last complete UTF-8 sequence ends (an incomplete one waits for the next block).
    static func utf8Boundary(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var back = 0
        while index > 0 && back < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 != 0x80 {
                // A lead byte: is its sequence complete?
                let needed = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return back + 1 >= needed ? bytes.count : index - 1
            }
            index -= 1
            back += 1
        }
        return bytes.count  // no lead byte in reach: invalid anyway, let validation say so
    }

    /// The longest line of `text` (in scalars) and whether it holds a NUL character.
    static func traits(of text: String) -> (longestLine: Int, containsNUL: Bool) {
        var decoder = BlockDecoder(encoding: .utf8, lineLength: 0)
        decoder.measure(text)
        return (decoder.longestLine, decoder.sawNUL)
    }

    /// Lines end at "\n", "\r\n" or a lone "\r" (as GTK breaks them), so a file of classic
    /// Mac line endings is not one long line.
    private mutating func measure(_ text: String) {
        var length = lineLength, longest = longestLine, nul = sawNUL
        for byte in text.utf8 {
            if byte == 0x0A || byte == 0x0D {
                longest = max(longest, length)
                length = 0
            } else if byte & 0xC0 != 0x80 {
                length += 1
                if byte == 0 { nul = true }
            }
        }
        lineLength = length
        longestLine = max(longest, length)
        sawNUL = nul
    }
}
