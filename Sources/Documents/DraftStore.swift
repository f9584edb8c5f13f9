import Foundation
import Localization
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// Unsaved text kept on disk so that quitting, a crash or kill -9 loses (almost) nothing.
/// One file per document: a header line, a JSON line of metadata, then the text as UTF-8.
@MainActor
public final class DraftStore {
    /// What a draft remembers besides the text.
    public struct Metadata: Codable, Sendable, Equatable {
        public var version = 1
        /// The file the draft belongs to (nil: an untitled document).
        public var path: String?
        /// The untitled document's name.
        public var untitledName: String?
    }

    /// A draft read back.
    public struct Draft: Sendable, Equatable {
        public var metadata: Metadata
        public var text: String
    }

    /// The drafts folder.
    public let folder: String
    private static let header = "TANDEM-DRAFT 1\n"
    /// Largest draft read back (drafts of bigger documents are written but not trusted blindly).
    static let maximumSize = 2 << 30
    var warn: (String) -> Void = { FileHandle.standardError.write(Data("tandem: \($0)\n".utf8)) }
    private var writer: DraftWriter!

    /// Uses (and creates, 0700) `folder`.
    public init(folder: String) {
        self.folder = folder
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        writer = DraftWriter { [weak self] path, job in
            guard let failure = Self.perform(job, at: path) else { return }
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.warn(failure) } }
        }
    }

    private func path(_ id: UUID) -> String { folder + "/\(id.uuidString).draft" }

    /// Keeps (atomically, 0600) the draft of a document: `text` is a snapshot, written out on a
    /// background queue, so this returns at once whatever the document's size.
    public func write(_ id: UUID, text: TextStorage, metadata: Metadata) {
        var head = Data(Self.header.utf8)
        head.append((try? JSONEncoder().encode(metadata)) ?? Data("{}".utf8))
        head.append(0x0A)
        writer.submit(.write(head, text), for: path(id))
    }

    /// Deletes a draft (its text was saved, or nothing needs it any more), after any write of it
    /// still on its way.
    public func delete(_ id: UUID) {
        writer.submit(.delete, for: path(id))
    }

    /// Returns once every draft asked for so far is on disk (quitting).
    public func waitUntilWritten() {
        writer.waitUntilIdle()
    }

    /// Does one job on the writer's queue; returns the message for a failure.
    private nonisolated static func perform(_ job: DraftWriter.Job, at path: String) -> String? {
        switch job {
        case .delete:
            unlink(path)
            return nil
        case .write(let head, let text):
            var data = head
            data.reserveCapacity(head.count + text.count)
            text.forEachChunk { data.append(contentsOf: $0.utf8) }
            do {
                try AtomicFileWriter.write(data, to: path, mode: 0o600, followingSymlinks: false)
                return nil
            } catch {
                let folder = (path as NSString).deletingLastPathComponent
                return localized("could not keep the unsaved text of a document in %1: %2", folder, String(cString: strerror(error.code)))
            }
        }
    }

    /// The draft with this id, or nil (a damaged one is reported and left in place for the user).
    public func read(_ id: UUID) -> Draft? {
        writer.waitUntilIdle()
        let fd = open(path(id), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= Self.maximumSize else {
            warn(localized("skipped the draft %1: not a regular file of a sensible size", String(describing: path(id))))
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count, bytes.starts(with: Array(Self.header.utf8)) else {
            warn(localized("skipped the draft %1: it is damaged", String(describing: path(id))))
            return nil
        }
        let rest = bytes[Self.header.utf8.count...]
        guard let newline = rest.firstIndex(of: 0x0A),
              let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(rest[..<newline])),
              let text = String(validating: rest[(newline + 1)...], as: UTF8.self) else {
            warn(localized("skipped the draft %1: it is damaged", String(describing: path(id))))
            return nil
        }
        return Draft(metadata: metadata, text: text)
    }

}
