import FoundationEssentials

/// The sessions on disk: read back at launch, the index written as they change, discards
/// journaled so that one a crash cuts short is delivered again (as UIKit does).
extension Application {
    /// Startup's work: sessions read back, the delegate's one-time setup, interrupted discards finished.
    func finishLaunching() {
        let pendingDiscards = readSessions()
        delegate.applicationDidFinishLaunching(self)
        finishDiscards(pendingDiscards)
        watchMemoryAfterLaunch()
    }

    /// Reads the index back at launch (the open sessions' windows are read as each session
    /// opens, `openSessionSet`); returns the discards a crash interrupted.
    fileprivate func readSessions() -> [SceneSession] {
        guard let store = sessionStore else { return [] }
        let index = store.loadIndex()
        var seen = Set<UUID>()
        dormantDefaultSessions = index.open.filter { seen.insert($0).inserted }
        sessionNamesOpenLastRun = (index.defaultIsOpen ?? true ? [nil] : [])
            + (index.openNamed ?? []).compactMap { SessionName($0) }.map { Optional($0) }
        sessionNamesLeftOpen = sessionNamesOpenLastRun
        recentlyClosedSessions = Array(index.recentlyClosed.filter { seen.insert($0).inserted }.compactMap(readSession)
            .prefix(Self.recentlyClosedLimit))
        return index.pendingDiscards.map { id in readSession(id) ?? SceneSession(persistentIdentifier: id, role: "editor") }
    }

    /// Scene session `id` as its file keeps it, or nil (said) when it cannot be read.
    func readSession(_ id: UUID) -> SceneSession? {
        guard let saved = sessionStore?.loadSession(id) else { return nil }
        let session = SceneSession(persistentIdentifier: id, role: saved.role)
        session.userInfo = saved.userInfo
        session.stateRestorationRecord = saved.record?.sanitized
        session.sessionName = saved.sessionName.flatMap { SessionName($0) }
        return session
    }

    fileprivate func finishDiscards(_ sessions: [SceneSession]) {
        guard !sessions.isEmpty else { return }
        for session in sessions { LifecycleTrace.log("discarded (after a crash)", session: session.shortID) }
        delegate.application(self, didDiscardSceneSessions: Set(sessions))
        for session in sessions { sessionStore?.deleteSession(session.persistentIdentifier) }
        pendingDiscards.subtract(sessions.map(\.persistentIdentifier))
        saveIndex()
    }

    /// Discards with a journal: the ids are written down first, so a discard a crash cuts short
    /// is delivered again at the next launch, as UIKit does.
    func discard(_ sessions: [SceneSession]) {
        let ids = Set(sessions.map(\.persistentIdentifier))
        openSessions.removeAll { ids.contains($0.persistentIdentifier) }
        recentlyClosedSessions.removeAll { ids.contains($0.persistentIdentifier) }
        pendingDiscards.formUnion(ids)
        saveIndex()
        for session in sessions { LifecycleTrace.log("discarded", session: session.shortID) }
        delegate.application(self, didDiscardSceneSessions: Set(sessions))
        for id in ids { sessionStore?.deleteSession(id) }
        pendingDiscards.subtract(ids)
        saveIndex()
    }

    /// Writes the default index (the default session's windows, the closed ones, the discards
    /// under way, which sessions are open) and each open named session's index that changed.
    func saveIndex() {
        guard let store = sessionStore else { return }
        let open = openSessionNames + sessionNamesLeftOpen.filter { !openSessionNames.contains($0) }
        let defaultIsOpen = openSessionNames.contains(nil)
        let defaultSessions = defaultIsOpen ? sessions(in: nil) : dormantDefaultSessions
        store.saveIndex(SessionIndex(open: defaultSessions,
                                     recentlyClosed: recentlyClosedSessions.map(\.persistentIdentifier),
                                     pendingDiscards: Array(pendingDiscards),
                                     openNamed: open.compactMap { $0?.text }, defaultIsOpen: open.contains(nil)))
        for case let name? in openSessionNames {
            let ids = sessions(in: name)
            guard writtenNamedIndexes[name] != ids else { continue }
            store.saveNamedIndex(name, open: ids)
            writtenNamedIndexes[name] = ids
        }
    }

    /// The open scene sessions of session `name`, in window order.
    func sessions(in name: SessionName?) -> [UUID] {
        openSessions.filter { $0.sessionName == name }.map(\.persistentIdentifier)
    }
}
