/// The newline a document uses for the lines the user adds; existing lines keep their own.
public enum LineEnding: String, Sendable, Codable {
    case lf = "\n"
    case crlf = "\r\n"
    case cr = "\r"

    /// The most common newline in `text` (LF when there is none).
    public static func dominant(in text: String) -> LineEnding {
        var lf = 0, crlf = 0, cr = 0
        var previousCR = false
        for byte in text.utf8 {
            if byte == 0x0A {
                if previousCR { crlf += 1; cr -= 1 } else { lf += 1 }
            }
            if byte == 0x0D { cr += 1 }
            previousCR = byte == 0x0D
        }
        if crlf > lf && crlf >= cr { return .crlf }
        if cr > lf && cr > crlf { return .cr }
        return .lf
    }

    /// `text` with every bare LF (one not already part of CRLF) written in this style.
    public func applied(to text: String) -> String {
        guard self != .lf, text.utf8.contains(0x0A) else { return text }
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && !previousCR {
                out.append(contentsOf: rawValue.unicodeScalars)
            } else {
                out.append(scalar)
            }
            previousCR = scalar == "\r"
        }
        return String(out)
    }
}
