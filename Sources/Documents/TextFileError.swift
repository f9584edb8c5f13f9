import Foundation

/// Why a file could not be read or written, in words for the user.
public struct TextFileError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A full sentence that names the file and the cause.
    public let message: String
    /// Creates an error with its user-facing message.
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// An error from a failed system call on `path`, with errno turned into plain words.
    static func system(_ verb: String, _ path: String, errno code: Int32) -> TextFileError {
        let name = (path as NSString).lastPathComponent
        let cause: String = switch code {
        case EACCES, EPERM: "you do not have permission"
        case ENOENT: "the folder does not exist"
        case ENOSPC: "the disk is full"
        case EDQUOT: "the disk quota is exceeded"
        case EROFS: "the disk is read-only"
        case EISDIR: "it is a folder"
        case ENAMETOOLONG: "the name is too long"
        default: String(cString: strerror(code)).lowercased()
        }
        return TextFileError("Could not \(verb) “\(name)”: \(cause).")
    }
}
