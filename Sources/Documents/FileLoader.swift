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
        /// A file read whole at once (on a server): its text and traits, the version read, its
        /// size, and whether the user may write it.
        case whole(TextFile, stamp: DiskStamp?, size: Int64, writable: Bool)
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
    var isCancelled: Bool { cancellation.isCancelled }
    func markRunning() { running.store(true, ordering: .releasing) }
    func markStopped() { running.store(false, ordering: .releasing) }
    func noteBlockRead() { blocks.add(1, ordering: .relaxed) }

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

    /// Reads the file on a server at `uri` whole, through GIO (`RemoteFiles`), and decodes it:
    /// one `whole` message, or `failed`. `asking`: the user may be asked for a password.
    /// `deliver` runs on the main actor.
    func start(remote uri: String, allowBinary: Bool, asking: Bool = true, deliver: @escaping @MainActor @Sendable (Message) -> Void) {
        running.store(true, ordering: .releasing)
        Background.longRunning { [self] in
            defer { running.store(false, ordering: .releasing) }
            let message: Message
            do throws(TextFileError) {
                // No such file: a new one, as a path that does not exist opens (the folder is
                // the server's to have; a save into none says so).
                if try RemoteFiles.stamp(uri, asking: asking) == nil {
                    message = .whole(TextFile(), stamp: nil, size: 0, writable: true)
                    guard !cancellation.isCancelled else { return }
                    return Background.onMain { deliver(message) }
                }
                let (bytes, stamp, canWrite) = try RemoteFiles.read(uri, asking: asking)
                let file = try TextFile.decode(bytes, name: PathName.file(of: uri), allowBinary: allowBinary)
                message = .whole(file, stamp: stamp, size: Int64(bytes.count), writable: canWrite)
            } catch {
                message = .failed(error)
            }
            guard !cancellation.isCancelled else { return }
            Background.onMain { deliver(message) }
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
        // Blocks are read one at a time, cut at character boundaries, and decoded and built into
        // ropes a batch at a time across the cores; the pieces go out in the file's order.
        reading: while !cancellation.isCancelled {
            var batch: [(bytes: [UInt8], endsAt: Int64)] = []
            var atEnd = false
            while batch.count < Background.cores && !atEnd {
                let n = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(position)) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return send(.failed(.system("read", path, errno: errno)))
                }
                atEnd = n == 0
                position += Int64(n)
                blocks.add(1, ordering: .relaxed)
                batch.append((decoder.cut(block[0..<n], atEnd: atEnd), position))
            }
            let encoding = decoder.encoding, read = batch.map(\.bytes)
            let pieces = Background.inParallel(read.count) { DecodedPiece(read[$0], encoding: encoding) }
            for (index, piece) in pieces.enumerated() {
                guard let piece else {
                    let name = PathName.file(of: path)
                    guard mayFallBack, decoder.encoding == .utf8 else {
                        return send(.failed(TextFileError(localized("Could not open “%1”: it is not valid %2 throughout.", name, decoder.encoding.displayName))))
                    }
                    // Not UTF-8 after all: Windows-1252 takes any bytes, from the start again.
                    decoder = BlockDecoder(encoding: .windows1252, lineLength: 0)
                    position = 0
                    send(.restarted(encoding: .windows1252))
                    continue reading
                }
                decoder.absorb(piece.traits)
                if piece.text.count > 0 || (atEnd && index == pieces.count - 1) {
                    send(.text(piece.text, bytesRead: batch[index].endsAt, longestLine: decoder.longestLine,
                               containsNUL: decoder.sawNUL))
                }
            }
            if atEnd { return send(.finished) }
        }
    }
}

/// One block of a file decoded and built into a rope off the reading thread, with its lines'
/// lengths to be joined to its neighbours'.
struct DecodedPiece: Sendable {
    let text: TextStorage
    let traits: LineTraits

    /// Nil when `bytes` are not valid in `encoding`.
    init?(_ bytes: [UInt8], encoding: TextEncoding) {
        if encoding == .utf8 {
            // The leaves are cut from the bytes as read: no string of the whole block in between.
            guard let (text, traits) = bytes.withUnsafeBufferPointer({ buffer -> (TextStorage, LineTraits)? in
                let profile = ByteProfile(buffer)
                guard let text = TextStorage(validatingUTF8: buffer, profile: profile) else { return nil }
                return (text, LineTraits(of: buffer, profile: profile))
            }) else { return nil }
            (self.text, self.traits) = (text, traits)
        } else {
            guard let string = encoding.decode(bytes[...]) else { return nil }
            traits = LineTraits(of: string)
            text = TextStorage(string)
        }
    }
}
