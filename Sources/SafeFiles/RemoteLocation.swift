/// A file on a server, named by the address GIO takes ("sftp://user@host:2222/home/me/notes.txt"):
/// how such an address is told from a local path, and the parts a title shows. Pure string work;
/// the reading and writing go through GIO (`Documents.RemoteFiles`).
public struct RemoteLocation: Equatable, Sendable {
    /// The address as given (kept as the document's path, in journals and session records).
    public let uri: String
    /// "sftp", "smb", "dav"…
    public let scheme: String
    /// The server as written in the address, without the user: "host" or "host:2222".
    public let host: String
    /// The path on the server, percent-decoded ("/home/me/my notes.txt").
    public let path: String

    /// Nil unless `text` is an address with a scheme other than `file`, and a server part.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }),
              scheme.lowercased() != "file" else { return nil }
        let rest = text[text.index(colon, offsetBy: 3)...]
        let authority = rest.prefix { $0 != "/" }
        let server = authority.split(separator: "@").last.map(String.init) ?? ""
        guard !server.isEmpty else { return nil }
        uri = text
        self.scheme = scheme.lowercased()
        host = server
        let encodedPath = rest.dropFirst(authority.count)
        path = encodedPath.isEmpty ? "/" : Self.percentDecoded(String(encodedPath))
    }

    /// Whether `path` names a file on a server rather than a local path.
    public static func isRemote(_ path: String) -> Bool { RemoteLocation(path) != nil }

    /// The file's name: "my notes.txt".
    public var name: String { PathName.file(of: path) }
    /// The folder it is in on the server: "/home/me".
    public var folder: String { PathName.folder(of: path) }

    /// `%20` → " "; a `%` not followed by two hex digits stays as it is. Bytes that are not UTF-8
    /// come out as replacement characters (for display only).
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%"), utf8.count >= 3, let high = hex(utf8[utf8.startIndex + 1]), let low = hex(utf8[utf8.startIndex + 2]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
