import Gtk
import Localization
import Scenes

/// The Sessions submenu every window's menu shows, and what its items do: switch this window's
/// named session for another (its windows replace this one's, nothing asked: hot exit keeps the
/// unsaved text), open another beside it, start, rename or delete one.
@MainActor
final class SessionSwitcher {
    /// Every session kept, the window's own marked (items of `win.session`, one model for all).
    let list = Menu()
    /// The sessions not open, to open beside the others (items of `app.open-session-beside`).
    let beside = Menu()
    private var listRows: [String] = []
    private var besideRows: [String] = []
    /// A switch waits for journals: another meanwhile does nothing.
    private var switching = false
    private unowned let appDelegate: TandemAppDelegate

    init(appDelegate: TandemAppDelegate) {
        self.appDelegate = appDelegate
    }

    private var application: Application? { appDelegate.application }

    /// The action target that stands for `name` ("": the default session, which has no name).
    static func target(_ name: SessionName?) -> String { name?.text ?? "" }

    /// The session a target stands for; nil when it stands for none.
    static func session(_ target: String) -> SessionName?? {
        if target.isEmpty { return .some(nil) }
        return SessionName(target).map { .some($0) }
    }

    /// What the menus call `name`.
    static func label(_ name: SessionName?) -> String { name?.text ?? localized("Default Session") }

    /// Brings both lists up to date as a menu opens.
    func menuWillOpen() {
        guard let application else { return }
        let names: [SessionName?] = [nil] + application.sessionNames.map { Optional($0) }
        let listWanted = names.map(Self.target)
        if listWanted != listRows {
            for index in stride(from: listRows.count - 1, through: 0, by: -1) { list.remove(at: index) }
            for (index, name) in names.enumerated() { list.insert(Self.label(name), action: "win.session", target: Self.target(name), at: index) }
            listRows = listWanted
        }
        let closed = names.filter { !application.openSessionNames.contains($0) }
        let besideWanted = closed.map(Self.target)
        if besideWanted != besideRows {
            for index in stride(from: besideRows.count - 1, through: 0, by: -1) { beside.remove(at: index) }
            for (index, name) in closed.enumerated() {
                beside.insert(Self.label(name), action: "app.open-session-beside", target: Self.target(name), at: index)
            }
            besideRows = besideWanted
        }
    }

    /// Opens session `name` beside the ones open: its windows come back (an empty window when it
    /// has none); a session open already comes forward. Windows closed a moment ago come back
    /// once their journals' last records are on disk (`then` runs after).
    func openBeside(_ name: SessionName?, then: (@MainActor () -> Void)? = nil) {
        appDelegate.store.whenJournalsWritten { [weak self] in
            self?.openBesideNow(name)
            then?()
        }
    }

    private func openBesideNow(_ name: SessionName?) {
        guard let application else { return }
        let notice = appDelegate.restoreSessions([name])
        application.currentSessionName = name
        let shown = application.connectedScenes(in: name)
        if shown.isEmpty {
            appDelegate.openUntitled()
        } else {
            shown.last?.presentWindow()
        }
        if let notice, let scene = application.connectedScenes(in: name).last { appDelegate.editor(of: scene)?.showNotices([notice]) }
    }

    /// `scene`'s session gives way to `name`'s: the other's windows open, then this one's close,
    /// each kept in its session with its unsaved text.
    func switchSession(of scene: WindowScene, to name: SessionName?) {
        guard let application else { return }
        let current = scene.session.sessionName
        guard name != current else { return }
        guard !switching else { return }
        switching = true
        // Asked first, as a quit asks: a document whose unsaved text could not be kept.
        appDelegate.application(application, shouldCloseSessionSet: current) { [weak self] agreed in
            guard let self else { return }
            guard agreed else { self.switching = false; return }
            self.openBeside(name) { [weak self, weak application = self.application] in
                self?.switching = false
                application?.closeSessionSet(current)
                application?.forgetSessionsLeftOpen()
            }
        }
    }

    /// Asks for a name, then switches `scene`'s session for a new, empty one of that name.
    func newSession(from scene: WindowScene) {
        askName(over: scene, title: localized("New Session"), detail: localized("The windows of this session are kept; a new session starts with an empty window."),
                initial: "", confirm: localized("_Create")) { [weak self, weak scene] name in
            guard let self, let scene, scene.activationState != .disconnected else { return }
            self.switchSession(of: scene, to: name)
        }
    }

    /// Asks for another name for `scene`'s session (the default one has none to change).
    func renameSession(of scene: WindowScene) {
        guard let old = scene.session.sessionName else { return }
        askName(over: scene, title: localized("Rename Session"), detail: localized("The session “%1” will be called:", old.text),
                initial: old.text, confirm: localized("_Rename")) { [weak self] new in
            self?.application?.renameSessionSet(old, to: new)
        }
    }

    /// Asks, with how many windows and unsaved documents go with it, then deletes `scene`'s
    /// session; Reopen Closed Window brings it back.
    func deleteSession(of scene: WindowScene) {
        guard let application, let name = scene.session.sessionName else { return }
        let scenes = application.connectedScenes(in: name)
        let windows = scenes.count + application.unattachedSessions(in: name).count
        let unsaved = Set(scenes.compactMap { appDelegate.editor(of: $0)?.document }.filter(\.isDirty).map { ObjectIdentifier($0) }).count
        let detail = localizedPlural("Its window closes.", "Its %1 windows close.", count: windows) + " "
            + (unsaved == 0 ? "" : localizedPlural("One unsaved document is dropped with it.", "%1 unsaved documents are dropped with it.", count: unsaved) + " ")
            + localized("Reopen Closed Window brings the session back.")
        let dialog = MessageDialog(parent: scene.dialogParent, title: localized("Delete the session “%1”?", name.text), detail: detail,
                                   choices: [MessageDialog.Choice(localized("_Cancel"), id: 1),
                                             MessageDialog.Choice(localized("_Delete"), id: 2, isDestructive: true)]) { [weak self] answer in
            guard answer == 2, let self, let application = self.application, application.openSessionNames.contains(name) else { return }
            // Another session's windows stay (the default one's come back if none is open).
            let delete: @MainActor () -> Void = { [weak self] in
                guard let self, let application = self.application else { return }
                application.deleteSessionSet(name)
                self.appDelegate.updateAppActions()
            }
            if application.openSessionNames.allSatisfy({ $0 == name }) { self.openBeside(nil, then: delete) } else { delete() }
        }
        dialog.present()
    }

    /// Asks for a session name over `scene`; `done` gets a valid one no session has yet (a name
    /// that cannot be one, or is taken, is said and asked again).
    private func askName(over scene: WindowScene, title: String, detail: String, initial: String, confirm: String,
                         done: @escaping @MainActor (SessionName) -> Void) {
        let dialog = MessageDialog(parent: scene.dialogParent, title: title, detail: detail,
                                   choices: [MessageDialog.Choice(localized("_Cancel"), id: 1),
                                             MessageDialog.Choice(confirm, id: 2, isDefault: true)],
                                   field: (initial, localized("Session name"))) { [weak self, weak scene] answer, text in
            guard answer == 2, let self, let scene, scene.activationState != .disconnected else { return }
            var problem = ""
            guard let name = SessionName(text, problem: { problem = $0 }) else {
                return self.askName(over: scene, title: title, detail: problem, initial: text, confirm: confirm, done: done)
            }
            if name.text != initial, self.application?.hasSession(name) == true {
                let taken = localized("A session called “%1” exists already.", name.text)
                return self.askName(over: scene, title: title, detail: taken, initial: text, confirm: confirm, done: done)
            }
            done(name)
        }
        dialog.present()
    }
}
