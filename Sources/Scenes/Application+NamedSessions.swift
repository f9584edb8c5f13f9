import FoundationEssentials
import Gtk

/// Named sessions in the process: each open one has its scene sessions in `openSessions` and
/// its index on disk; one not open stays on disk untouched.
extension Application {
    /// Every named session kept, open or not, sorted.
    public var sessionNames: [SessionName] {
        guard let store = sessionStore else { return openSessionNames.compactMap { $0 } }
        return Array(Set(SessionStore.sessionNames(in: store.folder) + openSessionNames.compactMap { $0 })).sorted()
    }

    /// Whether a named session `name` exists (kept on disk, or open).
    public func hasSession(_ name: SessionName) -> Bool {
        openSessionNames.contains(name) || sessionStore?.hasNamedSession(name) == true
    }

    /// Opens named session `name` (nil: the default): its windows' scene sessions are read back
    /// and join `openSessions` without a window (`unattachedSessions(in:)`; the delegate shows
    /// them). A name not seen before starts an empty session, kept at once. Returns false when
    /// it was open already.
    @discardableResult
    public func openSessionSet(_ name: SessionName?) -> Bool {
        guard !openSessionNames.contains(name) else { return false }
        openSessionNames.append(name)
        sessionNamesLeftOpen.removeAll { $0 == name }
        let ids: [UUID]
        if let name {
            ids = sessionStore?.loadNamedIndex(name) ?? []
        } else {
            ids = dormantDefaultSessions
            dormantDefaultSessions = []
        }
        let known = Set(openSessions.map(\.persistentIdentifier) + recentlyClosedSessions.map(\.persistentIdentifier))
        for id in ids where !known.contains(id) {
            guard let session = readSession(id) else { continue }
            session.sessionName = name
            openSessions.append(session)
        }
        if let name { writtenNamedIndexes[name] = nil }
        saveIndex()
        return true
    }

    /// Open scene sessions of `name` with no window yet, in window order.
    public func unattachedSessions(in name: SessionName?) -> [SceneSession] {
        unattachedSessions.filter { $0.sessionName == name }
    }

    /// The scenes of named session `name` that have a window.
    public func connectedScenes(in name: SessionName?) -> [WindowScene] {
        connectedScenes.filter { $0.session.sessionName == name }
    }

    /// Closes session `name`'s windows without asking, each kept in it with its unsaved text
    /// (hot exit, as at quit), and closes the session: its index stays on disk as it was left.
    /// The process must keep another window (Switch opens the other session first).
    public func closeSessionSet(_ name: SessionName?) {
        guard openSessionNames.contains(name) else { return }
        closeWindows(of: name)
        saveIndex()
        openSessionNames.removeAll { $0 == name }
        if name == nil { dormantDefaultSessions = sessions(in: nil) }
        openSessions.removeAll { $0.sessionName == name }
        if let name { writtenNamedIndexes[name] = nil }
        if currentSessionName == name { currentSessionName = connectedScenes.last?.session.sessionName }
        saveIndex()
    }

    /// Sessions the last run left open and this run has not shown are open no longer: a switch
    /// from the Sessions menu says which session the user works in now, and a plain launch
    /// after it brings back only what was on screen.
    public func forgetSessionsLeftOpen() {
        guard !sessionNamesLeftOpen.isEmpty else { return }
        sessionNamesLeftOpen = []
        saveIndex()
    }

    /// Renames open session `old` to `new` (a name no session has): its windows keep going, its
    /// index moves to the new name. False when it cannot (not open, or the name is taken).
    @discardableResult
    public func renameSessionSet(_ old: SessionName, to new: SessionName) -> Bool {
        guard old != new else { return true }
        guard let place = openSessionNames.firstIndex(of: old), !hasSession(new) else { return false }
        openSessionNames[place] = new
        for session in openSessions + recentlyClosedSessions where session.sessionName == old {
            session.sessionName = new
            sessionDidUpdateRecord(session)
        }
        if currentSessionName == old { currentSessionName = new }
        writtenNamedIndexes[old] = nil
        saveIndex()  // the new index first: a crash between the two keeps the session under one name
        sessionStore?.deleteNamedIndex(old)
        return true
    }

    /// Deletes named session `name`: its windows close without asking, and its scene sessions go
    /// to the front of the recently closed ones, so Reopen Closed Window brings the whole session
    /// back (`sessionsClosed(with:)`); they are discarded as closed windows are, in time.
    /// The process must keep another window.
    public func deleteSessionSet(_ name: SessionName) {
        guard openSessionNames.contains(name) else { return }
        closeWindows(of: name)
        let members = openSessions.filter { $0.sessionName == name }
        openSessionNames.removeAll { $0 == name }
        openSessions.removeAll { $0.sessionName == name }
        writtenNamedIndexes[name] = nil
        deletedSessionNames.insert(name)
        recentlyClosedSessions.insert(contentsOf: members, at: 0)
        if currentSessionName == name { currentSessionName = connectedScenes.last?.session.sessionName }
        sessionStore?.deleteNamedIndex(name)
        saveIndex()
    }

    /// Closes every window of session `name` without asking, each kept in it (not "recently
    /// closed"): whole windows where all their tabs are its, tabs otherwise.
    private func closeWindows(of name: SessionName?) {
        sessionNamesClosing.insert(name)
        for group in tabGroups where !group.scenes.isEmpty && group.scenes.allSatisfy({ $0.session.sessionName == name }) {
            group.closeWhole()
        }
        for scene in connectedScenes where scene.session.sessionName == name { scene.close() }
        sessionNamesClosing.remove(name)
    }
}
