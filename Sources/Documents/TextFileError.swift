import FoundationEssentials
import Glibc
import Localization
import SafeFiles

/// Why a file could not be read or written, in words for the user.
public struct TextFileError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A full sentence that names the file and the cause.
    public let message: String
    /// Whether the file was refused only because it looks binary (it may be opened anyway, read-only).
    public var looksBinary = false
    /// Whether a save was stopped because the file changed on disk in a way the user has not
    /// chosen to overwrite (they may: `DocumentStore.keepMine`, then save again).
    public var isDiskConflict = false
    /// Whether the user stopped it (a save cancelled): nothing to report, the file is as it was.
    public var isCancelled = false
    /// Whether a server did not answer (it may later: reading again is worth it).
    public var isUnreachable = false
    /// Creates an error with its user-facing message.
    public init(_ message: String, looksBinary: Bool = false, isDiskConflict: Bool = false, isCancelled: Bool = false) {
        self.message = message; self.looksBinary = looksBinary; self.isDiskConflict = isDiskConflict
        self.isCancelled = isCancelled
    }

    /// A save the user stopped before it reached the file.
    static func cancelledSave(_ path: String) -> TextFileError {
        TextFileError(localized("Saving “%1” was cancelled; the file is as it was.", PathName.file(of: path)), isCancelled: true)
    }
    /// A save not written because a newer text of the same document was saved first.
    static func supersededSave(_ path: String) -> TextFileError {
        var error = cancelledSave(path)
        error.isSuperseded = true
        return error
    }
    /// Whether a newer save of the same document made this one needless (it is then done, not failed).
    public var isSuperseded = false
    /// The file was not the version the save expected (another program wrote it): nothing was overwritten.
    static func changedMeanwhile(_ path: String) -> TextFileError { DocumentStore.diskConflict(PathName.file(of: path)) }
    public var description: String { message }

    /// An error from a failed system call on `path`, with errno turned into plain words.
    static func system(_ verb: String, _ path: String, errno code: Int32) -> TextFileError {
        let name = PathName.file(of: path)
        let cause = Self.cause(code)
        // A whole sentence per verb, so that translations can word each one their own way.
        let message = switch verb {
        case "open": localized("Could not open “%1”: %2.", name, cause)
        case "read": localized("Could not read “%1”: %2.", name, cause)
        default: localized("Could not save “%1”: %2.", name, cause)
        }
        return TextFileError(message)
    }

    /// A save in place that failed and could not put the file's old bytes back either.
    static func damagedSave(_ path: String, errno code: Int32) -> TextFileError {
        TextFileError(localized("Could not save “%1”: %2. The file may now be damaged: its earlier text could not be put back. Your text is kept here; save it again, or elsewhere with Save As.",
                                PathName.file(of: path), cause(code)))
    }

    /// errno in plain words, to stand inside a sentence.
    static func cause(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: localized("you do not have permission")
        case ENOENT: localized("the folder does not exist")
        case ENOSPC: localized("the disk is full")
        case EDQUOT: localized("the disk quota is exceeded")
        case EROFS: localized("the disk is read-only")
        case EISDIR: localized("it is a folder")
        case ENAMETOOLONG: localized("the name is too long")
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
