import FoundationEssentials
import Localization

/// The name of a named session (Kate's sessions, `tandem --session NAME`): a set of windows to
/// come back to. Scene sessions outside any named one belong to the default session (nil).
public struct SessionName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name as the user typed it (trimmed).
    public let text: String
    /// Longest name kept, in characters.
    public static let maximumLength = 100

    /// A name the user gave, or nil with `problem` saying why it cannot be one.
    public init?(_ given: String, problem: ((String) -> Void)? = nil) {
        let trimmed = String(given.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if trimmed.isEmpty {
            problem?(localized("A session needs a name."))
            return nil
        }
        if trimmed.count > Self.maximumLength {
            problem?(localized("A session name has at most %1 characters.", String(Self.maximumLength)))
            return nil
        }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problem?(localized("A session name cannot hold control characters."))
            return nil
        }
        text = trimmed
    }

    /// The name's file in the state folder: letters, digits, "-" and "_" as they are, every other
    /// byte as %XX, so any name is one safe file name and the list needs no file opened.
    var fileStem: String {
        var stem = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                stem.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                stem += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return stem
    }

    /// The name a file stem stands for; nil when it is not one `fileStem` makes.
    init?(fileStem stem: Substring) {
        var bytes: [UInt8] = []
        var rest = stem.utf8[...]
        while let byte = rest.first {
            rest = rest.dropFirst()
            if byte == UInt8(ascii: "%") {
                guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self), let name = SessionName(text), name.fileStem == stem else { return nil }
        self = name
    }

    public var description: String { text }

    public static func < (a: SessionName, b: SessionName) -> Bool {
        a.text.lowercased() == b.text.lowercased() ? a.text < b.text : a.text.lowercased() < b.text.lowercased()
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
