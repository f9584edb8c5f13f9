#if canImport(Glibc)
import Glibc
#endif

/// Which files Find in Files looks in: shell patterns separated by commas ("*.c, *.h"); one
/// with a slash is matched against the path in the folder ("src/*.swift"), the others against
/// the file's name; one after `!` leaves files out ("!*.min.js"). No pattern but exclusions:
/// every other file.
public struct FileNamePattern: Sendable, Equatable {
    private let included: [String]
    private let excluded: [String]

    public init(_ text: String) {
        let patterns = text.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        excluded = patterns.filter { $0.hasPrefix("!") }.map { String($0.dropFirst()) }.filter { !$0.isEmpty }
        included = patterns.filter { !$0.hasPrefix("!") }
    }

    /// Whether it lets every file through.
    public var isEmpty: Bool { included.isEmpty && excluded.isEmpty }

    /// Whether the file at `path` (relative to the folder searched) is to be searched.
    public func admits(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        func matches(_ pattern: String) -> Bool {
            fnmatch(pattern, pattern.contains("/") ? path : name, pattern.contains("/") ? FNM_PATHNAME : 0) == 0
        }
        if excluded.contains(where: matches) { return false }
        return included.isEmpty || included.contains(where: matches)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
