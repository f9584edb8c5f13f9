/// How a language writes comments (GtkSourceView's `line-comment-start`, `block-comment-start`
/// and `block-comment-end` metadata), and Toggle Comment on lines with it.
public struct CommentSyntax: Equatable, Sendable {
    /// What starts a comment that runs to the line's end ("#", "//"), if the language has one.
    public var lineStart: String?
    /// What opens and closes a comment that may span lines ("/*", "*/"), if the language has them.
    public var blockStart: String?
    public var blockEnd: String?

    public init(lineStart: String?, blockStart: String? = nil, blockEnd: String? = nil) {
        self.lineStart = lineStart.flatMap { $0.isEmpty ? nil : $0 }
        self.blockStart = blockStart.flatMap { $0.isEmpty ? nil : $0 }
        self.blockEnd = blockEnd.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `lines` commented out, or back in when every one that is not blank is a comment already;
    /// nil when nothing changes (all blank, or no syntax). Line comments go at the least
    /// indentation of the lines, as Builder and VS Code put them, so the block stays aligned.
    func toggled(_ lines: [String]) -> [String]? {
        let filled = lines.indices.filter { !Self.isBlank(lines[$0]) }
        guard !filled.isEmpty else { return nil }
        if let token = lineStart {
            if filled.allSatisfy({ Self.content(of: lines[$0]).hasPrefix(token) }) {
                var out = lines
                for index in filled {
                    let indent = Self.indentation(of: lines[index])
                    var rest = String(Self.content(of: lines[index]).dropFirst(token.count))
                    if rest.hasPrefix(" ") { rest.removeFirst() }
                    out[index] = indent + rest
                }
                return out
            }
            let column = filled.map { Self.indentation(of: lines[$0]).unicodeScalars.count }.min() ?? 0
            var out = lines
            for index in filled {
                let scalars = lines[index].unicodeScalars
                let cut = scalars.index(scalars.startIndex, offsetBy: column)
                out[index] = String(scalars[..<cut]) + token + " " + String(scalars[cut...])
            }
            return out
        }
        guard let open = blockStart, let close = blockEnd else { return nil }
        var out = lines
        let first = filled.first!, last = filled.last!
        let head = Self.content(of: lines[first]), tail = lines[last]
        if head.hasPrefix(open) && tail.hasSuffix(close) && (first != last || head.count >= open.count + close.count) {
            var opened = String(head.dropFirst(open.count))
            if opened.hasPrefix(" ") { opened.removeFirst() }
            out[first] = Self.indentation(of: lines[first]) + opened
            var closed = String(out[last].dropLast(close.count))
            if closed.hasSuffix(" ") { closed.removeLast() }
            out[last] = closed
            return out
        }
        out[first] = Self.indentation(of: lines[first]) + open + " " + Self.content(of: lines[first])
        out[last] += " " + close
        return out
    }

    private static func isBlank(_ line: String) -> Bool { line.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }

    private static func indentation(of line: String) -> String {
        String(String.UnicodeScalarView(line.unicodeScalars.prefix { $0 == " " || $0 == "\t" }))
    }

    private static func content(of line: String) -> Substring {
        let indent = indentation(of: line).count
        return line.dropFirst(indent)
    }
}
