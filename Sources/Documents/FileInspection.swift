import FoundationEssentials
import Localization
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// What is at a path, as far as opening it as a text document goes.
public enum FileInspection: Equatable, Sendable {
    /// A regular file this process can read.
    case readableFile(size: Int64)
    /// Nothing there yet: it opens empty and is created on save. `folderExists` says whether saving can work.
    case missing(folderExists: Bool)
    /// Something that cannot be opened as a document; the reason is a sentence for the user.
    case refused(reason: String)

    /// The largest file Tandem opens unless told otherwise: 2 GiB less a byte, so that its
    /// characters can be counted in 32 bits, as GTK and AT-SPI count them.
    public static let defaultMaximumSize = Int64(Int32.max)

    /// Looks at `path` without opening it (so a FIFO or device never blocks us); a regular
    /// file over `maximumSize` bytes is refused.
    public static func inspect(_ path: String, maximumSize: Int64 = defaultMaximumSize) -> FileInspection {
        var info = stat()
        if stat(path, &info) != 0 {
            let error = errno
            if error == ENOENT {
                if lstat(path, &info) == 0 { return .refused(reason: localized("It is a link to a file that does not exist.")) }
                let folder = PathName.folder(of: path)
                var folderInfo = stat()
                let exists = stat(folder.isEmpty ? "." : folder, &folderInfo) == 0 && (folderInfo.st_mode & S_IFMT) == S_IFDIR
                return .missing(folderExists: exists)
            }
            if error == ENOTDIR { return .refused(reason: localized("A part of the path is not a folder.")) }
            if error == ELOOP { return .refused(reason: localized("The path has too many levels of symbolic links (a link loop?).")) }
            if error == EACCES { return .refused(reason: localized("You do not have permission to open it.")) }
            if error == ENAMETOOLONG { return .refused(reason: localized("The path is too long.")) }
            return .refused(reason: String(cString: strerror(error)) + ".")  // the system's own (translated) words
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if access(path, R_OK) != 0 { return .refused(reason: localized("You do not have permission to read it.")) }
            if Int64(info.st_size) > maximumSize {
                return .refused(reason: localized("It is larger than %1, more than Tandem opens (the maximum-file-size setting).",
                                                  describe(bytes: maximumSize)))
            }
            return .readableFile(size: Int64(info.st_size))
        case S_IFDIR: return .refused(reason: localized("It is a folder, not a file."))
        case S_IFCHR, S_IFBLK: return .refused(reason: localized("It is a device, not a file."))
        case S_IFIFO: return .refused(reason: localized("It is a named pipe (FIFO), not a file."))
        case S_IFSOCK: return .refused(reason: localized("It is a socket, not a file."))
        default: return .refused(reason: localized("It is not a regular file."))
        }
    }

    /// A size as the user reads it: "2 GiB", "512 MiB", "1.5 GiB", "800 bytes".
    static func describe(bytes: Int64) -> String {
        func rounded(_ unit: Int64) -> String {
            LocalizedNumber.string(Double(bytes) / Double(unit))
        }
        // Within 1% of a unit counts as one (2 GiB less a byte is "2 GiB").
        if bytes >= (1 << 30) - (1 << 30) / 100 { return localized("%1 GiB", rounded(1 << 30)) }
        if bytes >= (1 << 20) - (1 << 20) / 100 { return localized("%1 MiB", rounded(1 << 20)) }
        if bytes >= (1 << 10) { return localized("%1 KiB", rounded(1 << 10)) }
        return localizedPlural("%1 byte", "%1 bytes", count: Int(bytes))
    }
}
