import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A text file's contents and the traits needed to write it back as it was.
public struct TextFile: Equatable, Sendable {
    /// The text, without a byte-order mark.
    public var text: String
    /// Whether the file began with a UTF-8 byte-order mark (kept on save).
    public var hasByteOrderMark: Bool

    /// Creates a file value (an empty, new document by default).
    public init(text: String = "", hasByteOrderMark: Bool = false) {
        self.text = text; self.hasByteOrderMark = hasByteOrderMark
    }

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads and decodes the file at `path`. Only UTF-8 is accepted for now; anything else
    /// is refused with a message rather than shown wrongly and saved back damaged.
    public static func read(_ path: String) throws(TextFileError) -> TextFile {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .system("open", path, errno: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system("read", path, errno: errno)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return try decode(bytes, name: (path as NSString).lastPathComponent)
    }

    /// Decodes file bytes; `name` is only for the error message.
    public static func decode(_ bytes: [UInt8], name: String) throws(TextFileError) -> TextFile {
        let hasBOM = bytes.starts(with: bom)
        let body = hasBOM ? Array(bytes.dropFirst(3)) : bytes
        if body.contains(0) {
            throw TextFileError("Could not open “\(name)”: it contains NUL bytes and looks like a binary file.")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw TextFileError("Could not open “\(name)”: it is not valid UTF-8 text.")
        }
        return TextFile(text: text, hasByteOrderMark: hasBOM)
    }

    /// The bytes to write for this file.
    public func encoded() -> Data {
        var data = Data()
        if hasByteOrderMark { data.append(contentsOf: Self.bom) }
        data.append(contentsOf: Array(text.utf8))
        return data
    }

    /// Saves atomically to `path`, keeping the file's mode and any symlink.
    public func write(to path: String) throws(TextFileError) {
        try AtomicFileWriter.write(encoded(), to: path)
    }
}
