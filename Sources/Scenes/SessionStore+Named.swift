import Dispatch
import FoundationEssentials
import Gtk
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// One named session on disk: which scene sessions it holds, in window order. The sessions'
/// records and journals stay where every scene session's are; this is only their index.
struct NamedSessionIndex: Codable, Sendable, Equatable {
    static let currentVersion = 1
    var version = NamedSessionIndex.currentVersion
    /// The name, as typed (the file's name encodes it; the two must agree).
    var name: String
    /// Its windows' scene sessions, in window order.
    var open: [UUID] = []
}

/// Named sessions under `sessions/` in the state folder, a small file each, named after the
/// session so that listing them opens no file.
extension SessionStore {
    /// The folder of the named sessions' indexes.
    nonisolated static func namedFolder(in folder: String) -> String { folder + "/sessions" }

    private func namedPath(_ name: SessionName) -> String { Self.namedFolder(in: folder) + "/\(name.fileStem).json" }

    /// The names of the sessions kept in `folder` (the state folder), sorted; reads no file,
    /// makes nothing (`tandem --list-sessions` runs it in the launching process).
    public nonisolated static func sessionNames(in folder: String = SessionStore.defaultFolder()) -> [SessionName] {
        guard let directory = opendir(namedFolder(in: folder)) else { return [] }
        defer { closedir(directory) }
        var names: [SessionName] = []
        while let entry = readdir(directory) {
            let fileName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard fileName.hasSuffix(".json"), let name = SessionName(fileStem: fileName.dropLast(5)) else { continue }
            names.append(name)
        }
        return names.sorted()
    }

    /// Whether a session of that name is kept (its index on disk, or on its way there).
    func hasNamedSession(_ name: SessionName) -> Bool {
        let path = namedPath(name)
        if let asked = unwrittenData(at: path) { return asked != nil }
        return access(path, F_OK) == 0
    }

    /// The scene sessions of session `name`, in window order; nil when there is no such session.
    /// A damaged index is said, set aside (renamed, never deleted) and read as an empty session.
    func loadNamedIndex(_ name: SessionName) -> [UUID]? {
        guard usable else { return nil }
        let path = namedPath(name)
        guard let data = readStateFile(path, what: localized("the session “%1”", name.text)) else { return nil }
        guard let index = try? JSONDecoder().decode(NamedSessionIndex.self, from: data),
              index.version <= NamedSessionIndex.currentVersion, index.name == name.text else {
            let aside = path + ".damaged"
            guard rename(path, aside) == 0 else {
                // Kept where it is, and never written over: the session's windows are not saved.
                heldFiles.insert(path)
                warn(localized("the session “%1” was damaged or from a newer Tandem: it starts empty, its file is kept as %2", name.text, path))
                return []
            }
            warn(localized("the session “%1” was damaged or from a newer Tandem: it starts empty, its file is kept as %2", name.text, aside))
            return []
        }
        var seen = Set<UUID>()
        return index.open.filter { seen.insert($0).inserted }
    }

    /// Writes session `name`'s index (and its folder, the first time).
    func saveNamedIndex(_ name: SessionName, open: [UUID]) {
        guard usable else { return }
        let named = Self.namedFolder(in: folder)
        if access(named, F_OK) != 0, let problem = GLibFile.makeFolders(named, mode: 0o700) {
            return warn(localized("could not create the state folder %1: %2", named, problem))
        }
        guard !heldFiles.contains(namedPath(name)) else { return }
        write(NamedSessionIndex(name: name.text, open: open), to: namedPath(name))
    }

    /// Forgets session `name`'s index (its scene sessions are the caller's to discard).
    func deleteNamedIndex(_ name: SessionName) {
        guard usable else { return }
        let path = namedPath(name)
        remove(path)
    }
}
