import Glibc

/// A file or folder moved to the Trash (the freedesktop.org Trash specification, as GIO's
/// `g_file_trash` keeps it: the item under `files/`, where it came from in `info/NAME.trashinfo`),
/// found by where it came from so it can be put back, as the file manager's Undo does.
public struct TrashedFile: Sendable, Equatable {
    /// Where it was, and where it is now.
    public let original: String
    public let stored: String
    let info: String

    /// The newest item trashed from `original`, in the home Trash (`homeTrash`, GIO's
    /// `$XDG_DATA_HOME/Trash`) or the Trash at the top of `original`'s file system; nil if none.
    /// Only the entries named after the file are read.
    public static func find(original: String, homeTrash: String) -> TrashedFile? {
        // GIO names it after the file, a number put before its first dot when that name is
        // taken ("a.2.txt", ".2.env"): the part before the dot is in every name it may have.
        let name = PathName.file(of: original)
        let stem = String(name.prefix { $0 != "." })
        var best: (date: String, name: String, file: TrashedFile)?
        for (trash, top) in trashes(of: original, homeTrash: homeTrash) {
            guard let folder = opendir(trash + "/info") else { continue }
            defer { closedir(folder) }
            while let entry = readdir(folder) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard entryName.hasPrefix(stem), entryName.hasSuffix(".trashinfo") else { continue }
                let infoPath = trash + "/info/" + entryName
                guard let text = FileSystem.contents(infoPath).map({ String(decoding: $0, as: UTF8.self) }),
                      let (path, date) = parse(text) else { continue }
                let from = path.hasPrefix("/") ? path : top + "/" + path  // a file system's own Trash names it from its top
                guard from == original else { continue }
                let stored = trash + "/files/" + String(entryName.dropLast(".trashinfo".count))
                // Dates are to the second: of two trashed in one, the later took the longer name.
                if let best, (best.date, best.name.count, best.name) >= (date, entryName.count, entryName) { continue }
                best = (date, entryName, TrashedFile(original: original, stored: stored, info: infoPath))
            }
        }
        return best?.file
    }

    /// Puts the item back where it was, unless something has taken its place since (EEXIST) or
    /// its folder is gone (ENOENT); nil, or the errno, with nothing done.
    public func restore(calls: FileCalls = .system) -> Int32? {
        guard calls.renameWithoutReplacing(stored, original) == 0 else { return errno }
        _ = calls.unlink(info)  // a stale entry left would only list a missing item
        return nil
    }

    /// The Trash folders `path` may have gone to, each with the top its entries are named from.
    private static func trashes(of path: String, homeTrash: String) -> [(String, String)] {
        var found = [(homeTrash, "")]
        if let top = top(of: path) {
            let uid = getuid()
            let base = top == "/" ? "" : top
            found += [(base + "/.Trash/\(uid)", base), (base + "/.Trash-\(uid)", base)]
        }
        return found
    }

    /// The mount point `path`'s folder is on: the highest folder above it on the same device.
    private static func top(of path: String) -> String? {
        var info = stat()
        var folder = PathName.folder(of: path)
        guard stat(folder, &info) == 0 else { return nil }
        let device = info.st_dev
        while folder != "/" {
            let parent = PathName.folder(of: folder)
            guard stat(parent, &info) == 0, info.st_dev == device else { break }
            folder = parent
        }
        return folder
    }

    /// The original path (percent-escapes decoded) and the deletion date of a `.trashinfo`.
    static func parse(_ text: String) -> (path: String, date: String)? {
        var path: String?
        var date = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Path=") { path = unescape(line.dropFirst(5)) }
            if line.hasPrefix("DeletionDate=") { date = String(line.dropFirst(13)) }
        }
        return path.map { ($0, date) }
    }

    private static func unescape(_ escaped: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(escaped.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
