import Dispatch
import Documents
import FoundationEssentials
import Localization
import SafeFiles
import Scenes

/// Brings windows back from their sessions' records: the last run's at launch, and closed ones
/// on Reopen Closed Window. A window with nothing left to show is dropped, and the user told.
@MainActor
final class SessionRestorer {
    private unowned let appDelegate: TandemAppDelegate
    private var restored = false
    private var restoringAtLaunch = false
    /// Whether a Reopen Closed Window waits for its journals: another one meanwhile does nothing.
    private var reopening = false

    init(appDelegate: TandemAppDelegate) {
        self.appDelegate = appDelegate
    }

    private var application: Application? { appDelegate.application }
    private var store: DocumentStore { appDelegate.store }

    /// Whether a launch has brought windows back yet (`restore`).
    var hasRestored: Bool { restored }

    /// Opens the named sessions `names` (nil: the default one) and brings back their windows
    /// not shown yet; the first call is the launch's (the preference not to bring windows back
    /// applies there). The returned sentence names the windows that could not come back.
    func restore(_ names: [SessionName?]) -> String? {
        guard let application else { return nil }
        restoringAtLaunch = !restored
        restored = true
        defer { restoringAtLaunch = false }
        var lost: [String] = []
        for name in names {
            application.openSessionSet(name)
            lost += application.unattachedSessions(in: name).compactMap { reconnect($0) }
        }
        guard !lost.isEmpty else { return nil }
        return localized("Some windows could not come back: their files are gone and had no unsaved text (%1).", lost.joined(separator: ", "))
    }

    /// The most recently closed window, from its record; a window closed with several tabs
    /// comes back whole (its tabs were closed with it, so they are next in the list).
    func reopenClosedWindow() {
        guard !reopening, application?.recentlyClosedSessions.isEmpty == false else { return }
        reopening = true
        // The window may have closed a moment ago, its journal's last records still on their way
        // to disk: it comes back once they are there, the main loop running meanwhile.
        store.whenJournalsWritten { [weak self] in
            self?.reopening = false
            self?.reopenNow()
        }
    }

    private func reopenNow() {
        guard let application, let first = application.recentlyClosedSessions.first else { return }
        defer { DispatchQueue.main.async { [weak self] in self?.appDelegate.updateAppActions() } }
        for session in application.sessionsClosed(with: first) {
            if let lost = reconnect(session), let scene = application.connectedScenes.last {
                appDelegate.editor(of: scene)?.showNotices([localized("“%1” could not come back: its file is gone and it had no unsaved text.", lost)])
            }
        }
    }

    /// Connects a session's window again from its record, with its document as it was. A
    /// session with nothing left to show is discarded; its name is returned to tell the user.
    private func reconnect(_ session: SceneSession) -> String? {
        guard let application else { return nil }
        guard let record = session.stateRestorationRecord, let state = EditorState.decode(record.payload) else {
            StandardError.write("tandem: " + localized("skipped window %1: its record has no readable editor state", session.shortID))
            application.requestSceneSessionDestruction(session)
            return nil
        }
        // (A file on a server is looked at once its window is back, never from here.)
        let fileGone = state.path.map { !RemoteLocation.isRemote($0) && !FileSystem.exists($0) } ?? false
        let name = state.path.map { PathName.file(of: $0) } ?? state.untitledName ?? "a window"
        guard let document = store.restoreDocument(path: state.path, draftID: state.draftID, untitledName: state.untitledName) else {
            application.requestSceneSessionDestruction(session)
            return name
        }
        if !document.isDirty && (fileGone || (!appDelegate.preferences.restoresWindows && restoringAtLaunch)) {
            // Nothing to show, or the user does not want windows back: only unsaved text always returns.
            store.closeIfUnused(document)
            application.requestSceneSessionDestruction(session)
            return fileGone ? name : nil
        }
        application.requestSceneSessionActivation(session, configuration: appDelegate.editorConfiguration(EditorConnection(document: document)),
                                                  options: ConnectionOptions(restorationRecord: record))
        return nil
    }
}
