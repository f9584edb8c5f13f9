import Glibc

/// What the Files panel does to files, as the file manager does it: a new empty file or folder,
/// a rename; never over anything already there, every call through `FileCalls` (so a test can
/// make any of them fail). Each answers nil, or the errno that stopped it, with nothing done.
public struct FileOperations: Sendable {
    private let calls: FileCalls

    public init(calls: FileCalls = .system) { self.calls = calls }

    /// Makes an empty file at `path` (EEXIST if something is there).
    public func createFile(_ path: String) -> Int32? {
        let fd = calls.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return errno }
        // The file is made by open; a close that fails leaves it, empty, as asked.
        _ = calls.close(fd)
        return nil
    }

    /// Makes a folder at `path` (EEXIST if something is there).
    public func createFolder(_ path: String) -> Int32? {
        calls.makeFolder(path, 0o777) == 0 ? nil : errno
    }

    /// Renames (or moves, within one file system) `from` to `to` (EEXIST if something is there).
    public func rename(_ from: String, to: String) -> Int32? {
        calls.renameWithoutReplacing(from, to) == 0 ? nil : errno
    }

    /// A name the user typed for a file in a folder, or nil when it cannot be one: empty, ".",
    /// "..", or holding a slash or a NUL.
    public static func validName(_ typed: String) -> String? {
        let name = typed.trimmingSpaces
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else { return nil }
        return name
    }

    /// Whether `code` says the name is taken (EEXIST).
    public static func isTaken(_ code: Int32) -> Bool { code == EEXIST }

    /// The system's words for `code` ("No space left on device").
    public static func message(for code: Int32) -> String { String(cString: strerror(code)) }
}

private extension String {
    /// Without spaces, tabs and line breaks at either end (a name pasted with its newline).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
