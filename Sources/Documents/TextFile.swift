import Background
import FoundationEssentials
import Localization
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// A text file's contents and the traits needed to write it back byte for byte as it was.
public struct TextFile: Equatable, Sendable {
    /// The text, without a byte-order mark.
    public var text: String
    /// The encoding the bytes were in, and are written in.
    public var encoding: TextEncoding
    /// Whether the file began with a byte-order mark (kept on save).
    public var hasByteOrderMark: Bool
    /// The newline used for lines the user adds.
    public var lineEnding: LineEnding

    /// Creates a file value (an empty, new UTF-8 document by default).
    public init(text: String = "", encoding: TextEncoding = .utf8, hasByteOrderMark: Bool = false,
                lineEnding: LineEnding? = nil) {
        self.text = text; self.encoding = encoding; self.hasByteOrderMark = hasByteOrderMark
        self.lineEnding = lineEnding ?? LineEnding.dominant(in: text)
    }

    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads and decodes the file at `path`; NUL bytes refuse it unless `allowBinary`.
    public static func read(_ path: String, allowBinary: Bool = false) throws(TextFileError) -> TextFile {
        try decode(readBytes(path), name: PathName.file(of: path), allowBinary: allowBinary)
    }

    /// The file's bytes, or its first `limit` bytes.
    static func readBytes(_ path: String, limit: Int = .max) throws(TextFileError) -> [UInt8] {
        if RemoteLocation.isRemote(path) { return Array(try RemoteFiles.read(path).bytes.prefix(limit)) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .system("open", path, errno: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(1 << 16, max(limit, 1)))
        while bytes.count < limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, min($0.count, limit - bytes.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system("read", path, errno: errno)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// The encoding a byte-order mark at the start of `bytes` names, and the mark's length.
    static func byteOrderMark(of bytes: [UInt8]) -> (encoding: TextEncoding, length: Int)? {
        bytes.starts(with: utf8BOM) ? (.utf8, 3)
            : bytes.starts(with: [0xFF, 0xFE]) ? (.utf16LittleEndian, 2)
            : bytes.starts(with: [0xFE, 0xFF]) ? (.utf16BigEndian, 2)
            : nil
    }

    static func binaryError(_ name: String) -> TextFileError {
        TextFileError(localized("“%1” contains NUL bytes and looks like a binary file, not text.", name), looksBinary: true)
    }

    /// Decodes file bytes: a BOM decides (UTF-8, UTF-16 LE or BE); else valid UTF-8 is UTF-8;
    /// else Windows-1252, which accepts any bytes. NUL bytes outside UTF-16 mean a binary file.
    /// `allowBinary` keeps NUL bytes as characters instead. `name` is only for the error message.
    public static func decode(_ bytes: [UInt8], name: String, allowBinary: Bool = false) throws(TextFileError) -> TextFile {
        let mark = byteOrderMark(of: bytes)
        let encoding = mark?.encoding
        let body = bytes[(mark?.length ?? 0)...]
        if let encoding {
            guard let text = encoding.decode(body) else {
                throw TextFileError(localized("Could not open “%1”: it starts with a %2 byte-order mark but is not valid %2.", name, encoding.displayName))
            }
            // A UTF-32 file starts with the UTF-16 mark and decodes into NULs: not text either.
            if !allowBinary && text.utf8.contains(0) { throw binaryError(name) }
            return TextFile(text: text, encoding: encoding, hasByteOrderMark: true)
        }
        if !allowBinary && body.contains(0) { throw binaryError(name) }
        if let text = TextEncoding.utf8.decode(body) {
            return TextFile(text: text, encoding: .utf8)
        }
        return TextFile(text: TextEncoding.windows1252.decode(body)!, encoding: .windows1252)
    }

    /// The bytes to write for this file.
    public func encoded(name: String = localized("the document")) throws(TextFileError) -> Data {
        var data = Data()
        if hasByteOrderMark {
            switch encoding {
            case .utf8: data.append(contentsOf: Self.utf8BOM)
            case .utf16LittleEndian: data.append(contentsOf: [0xFF, 0xFE])
            case .utf16BigEndian: data.append(contentsOf: [0xFE, 0xFF])
            case .windows1252: break
            }
        }
        switch encoding.encode(text) {
        case .success(let bytes): data.append(contentsOf: bytes)
        case .failure(let bad):
            let code = String(bad.scalar.value, radix: 16, uppercase: true)
            throw TextFileError(localized("Could not save “%1”: it is kept in %2, which cannot hold the character “%3” (U+%4). Remove it, or copy the text into a new document, which is saved as UTF-8.",
                                          name, encoding.displayName, String(bad.scalar), code))
        }
        return data
    }

    /// Saves atomically to `path`, keeping the file's mode and any symlink; `cancellation`
    /// may stop it until the new file takes the old one's place (then the file is as it was).
    /// With `guarding`, a file that is no longer the version it expects is not overwritten
    /// (`TextFileError.changedMeanwhile`). Returns the version written; `calls` make the writes.
    @discardableResult
    public func write(to path: String, cancellation: Cancellation? = nil, guarding: WriteGuard? = nil,
                      calls: FileCalls = .system) throws(TextFileError) -> stat {
        let data = try encoded(name: PathName.file(of: path))
        if cancellation?.isCancelled == true { throw .cancelledSave(path) }
        do {
            return try AtomicFileWriter.commit(data, to: path, cancellation: cancellation, guarding: guarding, calls: calls).written
        } catch where error.changedMeanwhile {
            throw .changedMeanwhile(path)
        } catch where error.code == ECANCELED {
            throw .cancelledSave(path)
        } catch where error.damaged {
            throw .damagedSave(path, errno: error.code)
        } catch {
            throw .system("save", path, errno: error.code)
        }
    }
}
