import Localization
import SafeFiles
import Synchronization

/// One version of a file on a server, as its backend tells it.
public struct RemoteVersion: Sendable, Equatable {
    /// The server's tag for the version (GIO's etag); nil when the backend gives none.
    public var tag: String?
    public var size: Int64
    /// Modification time in nanoseconds (0: unknown).
    public var modified: Int64
    /// Whether the user may write the file.
    public var canWrite: Bool

    /// Creates a version.
    public init(tag: String?, size: Int64, modified: Int64, canWrite: Bool = true) {
        self.tag = tag; self.size = size; self.modified = modified; self.canWrite = canWrite
    }
}

/// Why a file on a server could not be read or written.
public struct RemoteFailure: Error, Sendable {
    /// What the app tells apart.
    public enum Kind: Sendable { case notFound, permissionDenied, changedMeanwhile, unreachable, cancelled, isFolder, other }
    public var kind: Kind
    /// The backend's own words, said after ours when `kind` is `other`.
    public var detail: String

    /// Creates a failure.
    public init(_ kind: Kind, detail: String = "") { self.kind = kind; self.detail = detail }
}

/// Reads and writes the files GIO reaches on servers; the app hands the store GVfs's (`RemoteFiles.install`),
/// so `Documents` never links GIO. Every call blocks on the server: never on the main thread.
public protocol RemoteFileSystem: Sendable {
    /// The file's bytes and the version they are. `asking`: a location not mounted may ask the
    /// user (a password); false (a retry, a look in the background): it is mounted only if it
    /// needs no answer.
    func read(_ uri: String, asking: Bool) throws(RemoteFailure) -> (bytes: [UInt8], version: RemoteVersion)
    /// The file's version now; nil when there is no file. `asking` as for `read`.
    func version(of uri: String, asking: Bool) throws(RemoteFailure) -> RemoteVersion?
    /// Replaces the file with `bytes`; with `expecting`, only while the file is still that version
    /// (`changedMeanwhile` otherwise, the file untouched). Returns the version written.
    func replace(_ uri: String, with bytes: [UInt8], expecting: RemoteVersion?) throws(RemoteFailure) -> RemoteVersion
    /// Follows the file where its backend says when it changes: `changed` runs on the main actor
    /// at each change, and `then` gets what stops it (nil: no monitor; the file is looked at
    /// every few seconds instead). Called on the main actor; must not wait for the server there.
    @MainActor func monitor(_ uri: String, changed: @escaping @MainActor @Sendable () -> Void,
                            then: @escaping @MainActor @Sendable ((any RemoteMonitor)?) -> Void)
}

/// A backend's monitor of one file on a server (`RemoteFileSystem.monitor`).
@MainActor
public protocol RemoteMonitor: AnyObject {
    /// Stops it: `changed` is not called after this.
    func cancel()
}

/// The files on servers the store reads and writes: addresses (`RemoteLocation`) go here, paths to the disk.
public enum RemoteFiles {
    private static let installed = Mutex<(any RemoteFileSystem)?>(nil)

    /// Sets the file system that reaches servers (once, at launch; tests hand in their own).
    public static func install(_ system: (any RemoteFileSystem)?) { installed.withLock { $0 = system } }

    private static func system(_ uri: String) throws(TextFileError) -> any RemoteFileSystem {
        guard let system = installed.withLock({ $0 }) else {
            throw TextFileError(localized("Could not open “%1”: this build of Tandem cannot reach files on servers.", PathName.file(of: uri)))
        }
        return system
    }

    /// The file's bytes, the version they are, and whether the user may write it; `asking`:
    /// whether the user may be asked for a password (a retry or a look in the background: no).
    static func read(_ uri: String, asking mayAsk: Bool = true) throws(TextFileError) -> (bytes: [UInt8], stamp: DiskStamp, canWrite: Bool) {
        try asking(uri, reading: true) { system in
            let (bytes, version) = try system.read(uri, asking: mayAsk)
            return (bytes, DiskStamp(version), version.canWrite)
        }
    }

    /// The version now (nil: no file); `saving`: asked by a save, whose failure it words;
    /// `asking` as for `read`.
    static func stamp(_ uri: String, saving: Bool = false, asking mayAsk: Bool = true) throws(TextFileError) -> DiskStamp? {
        try asking(uri, reading: !saving) { try $0.version(of: uri, asking: mayAsk).map(DiskStamp.init) }
    }

    /// The backend's monitor of the file, handed to `then` (nil: none, or no file system installed).
    @MainActor static func monitor(_ uri: String, changed: @escaping @MainActor @Sendable () -> Void,
                                   then: @escaping @MainActor @Sendable ((any RemoteMonitor)?) -> Void) {
        guard let system = installed.withLock({ $0 }) else { return then(nil) }
        system.monitor(uri, changed: changed, then: then)
    }

    static func replace(_ uri: String, with bytes: [UInt8], expecting: DiskStamp?) throws(TextFileError) -> DiskStamp {
        // A backend's tag may be coarse (sftp's is the modification time in whole seconds: a
        // rewrite within the second keeps it), so the version is compared whole first, size
        // included; GIO's own tag check then guards the rest of the way.
        if let expecting, let now = try stamp(uri, saving: true), now != expecting {
            throw DocumentStore.diskConflict(RemoteLocation(uri)?.name ?? PathName.file(of: uri))
        }
        return try asking(uri, reading: false) { DiskStamp(try $0.replace(uri, with: bytes, expecting: expecting?.remoteVersion)) }
    }

    /// Runs `body` on the installed file system, its failures put into words.
    private static func asking<T>(_ uri: String, reading: Bool, _ body: (any RemoteFileSystem) throws -> T) throws(TextFileError) -> T {
        do {
            return try body(try system(uri))
        } catch let failure as RemoteFailure {
            throw error(failure, reading: reading, uri)
        } catch let error as TextFileError {
            throw error
        } catch {
            throw TextFileError(String(describing: error))
        }
    }

    /// A failure in words: what was done, to which file, on which server, and why.
    static func error(_ failure: RemoteFailure, reading: Bool, _ uri: String) -> TextFileError {
        let location = RemoteLocation(uri)
        let name = location?.name ?? PathName.file(of: uri), host = location?.host ?? uri
        switch failure.kind {
        case .changedMeanwhile:
            return DocumentStore.diskConflict(name)
        case .cancelled:
            return reading ? TextFileError(localized("Opening “%1” was cancelled.", name), isCancelled: true) : .cancelledSave(uri)
        default:
            let cause: String = switch failure.kind {
            case .notFound: reading ? localized("there is no such file on %1", host) : localized("its folder does not exist on %1", host)
            case .permissionDenied: localized("you do not have permission on %1", host)
            case .unreachable: localized("the server %1 cannot be reached", host)
            case .isFolder: localized("it is a folder")
            default: failure.detail.isEmpty ? localized("the server %1 did not answer as expected", host) : failure.detail
            }
            var error = reading ? TextFileError(localized("Could not open “%1”: %2.", name, cause))
                : TextFileError(localized("Could not save “%1”: %2. The file on the server is as it was, and your text is kept.", name, cause))
            error.isUnreachable = failure.kind == .unreachable
            return error
        }
    }
}

extension DiskStamp {
    /// A version on a server: told apart by its tag (and size and time, when the tag is missing).
    init(_ version: RemoteVersion) {
        self.init(device: 0, inode: 0, size: version.size, modified: version.modified, tag: version.tag ?? "")
    }

    var remoteVersion: RemoteVersion { RemoteVersion(tag: tag.isEmpty ? nil : tag, size: size, modified: modified) }
}
