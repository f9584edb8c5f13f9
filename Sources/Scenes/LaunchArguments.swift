import FoundationEssentials
import Gtk
import Localization
import SafeFiles

/// The files a `tandem …` command line asks for, and what was wrong with the rest of it.
public struct LaunchArguments: Equatable, Sendable {
    /// Files to show, as absolute paths with an optional 1-based line and column.
    public var files: [OpenFileContext] = []
    /// One sentence per argument that could not be understood.
    public var problems: [String] = []
    /// Whether "-" asked for the standard input as a new document (as gedit reads a pipe).
    public var readsStandardInput = false

    /// Parses positional arguments (program name already removed): `FILE`, `FILE:LINE`,
    /// `FILE:LINE:COL`, and gedit's `+LINE[:COL] FILE`. A file whose real name ends in
    /// `:N` opens as that file; nil stands for an argument that is not valid UTF-8.
    /// An address on a server ("sftp://host/notes.txt", what Files and `%U` hand over) opens
    /// through GIO when `reaches` its scheme; a `:LINE[:COL]` after it is a position.
    public static func parse(_ arguments: [String?], workingDirectory: String,
                      exists: (String) -> Bool = { FileSystem.exists($0) || isDanglingLink($0) },
                      reaches: (String) -> Bool = { GioLocation.isSupported($0) }) -> LaunchArguments {
        var result = LaunchArguments()
        var pending: (line: Int, column: Int?)?
        var seenSeparator = false
        for given in arguments {
            guard var argument = given else {
                result.problems.append(localized("An argument is not valid UTF-8 text; Tandem cannot open files with such names yet."))
                continue
            }
            if argument == "--" && !seenSeparator { seenSeparator = true; continue }
            if argument == "-" && !seenSeparator { result.readsStandardInput = true; continue }
            if argument.isEmpty { continue }
            if argument.hasPrefix("file://") {
                // Desktop launchers pass URIs (Exec=tandem %U).
                guard let url = URL(string: argument), url.isFileURL, !url.path.isEmpty else {
                    result.problems.append(localized("“%1” is not a file address Tandem understands.", argument))
                    continue
                }
                argument = url.path
            } else if let colon = argument.firstIndex(of: ":"), argument[colon...].hasPrefix("://"), Self.isURIScheme(argument[..<colon]) {
                let scheme = String(argument[..<colon])
                guard RemoteLocation(argument) != nil, reaches(argument) else {
                    result.problems.append(localized("“%1” is a %2 address, which this system cannot reach (GVfs has no backend for it).", argument, scheme))
                    continue
                }
                var file = OpenFileContext(path: argument)
                if let (base, line, column) = splitSuffix(argument), let location = RemoteLocation(base), location.path != "/" {
                    file = OpenFileContext(path: base, line: line, column: column)
                }
                if let position = pending {
                    (file.line, file.column, pending) = (position.line, position.column, nil)
                }
                result.files.append(file)
                continue
            }
            if pending == nil, let position = parsePosition(argument) {
                pending = position
                continue
            }
            let absolute = absolutePath(argument, in: workingDirectory)
            var file = OpenFileContext(path: absolute)
            if !exists(absolute), let (base, line, column) = splitSuffix(argument) {
                file = OpenFileContext(path: absolutePath(base, in: workingDirectory), line: line, column: column)
            }
            if let position = pending {
                file.line = position.line
                file.column = position.column
                pending = nil
            }
            result.files.append(file)
        }
        if pending != nil {
            result.problems.append(localized("A “+LINE” position must come before a file name."))
        }
        return result
    }

    /// Whether `text` is a URI scheme ("https", "sftp"), so that "https://…" is not taken for a file name.
    static func isURIScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    /// `+12` or `+12:4` → (12, 4); anything else → nil.
    static func parsePosition(_ argument: String) -> (line: Int, column: Int?)? {
        guard argument.hasPrefix("+") else { return nil }
        let parts = argument.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let line = number(parts[0]) else { return nil }
        if parts.count == 2 {
            guard let column = number(parts[1]) else { return nil }
            return (line, column)
        }
        return (line, nil)
    }

    /// `name:12:4` → ("name", 12, 4), `name:12` → ("name", 12, nil); nil when there is no such suffix.
    static func splitSuffix(_ argument: String) -> (String, Int, Int?)? {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        if parts.count >= 3, let line = number(parts[parts.count - 2]), let column = number(parts[parts.count - 1]) {
            let base = parts.dropLast(2).joined(separator: ":")
            if !base.isEmpty { return (base, line, column) }
        }
        if let line = number(parts[parts.count - 1]) {
            let base = parts.dropLast().joined(separator: ":")
            if !base.isEmpty { return (base, line, nil) }
        }
        return nil
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCII), let value = Int(text), value >= 0 else { return nil }
        return max(1, min(value, Int(Int32.max)))
    }

    /// Joins a relative path to the launching process's folder and removes `.` and `..` lexically
    /// (symlinks are resolved later, when documents are matched).
    static func absolutePath(_ path: String, in workingDirectory: String) -> String {
        let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether `path` is a symlink (its target may be missing: it opens as a new file there).
    public static func isDanglingLink(_ path: String) -> Bool {
        FileSystem.symlinkDestination(path) != nil
    }
}
