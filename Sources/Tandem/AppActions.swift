import Gtk
import Localization
import Scenes

/// The application-wide actions ("app.…"): windows, quitting, and the app's own dialogs.
@MainActor
enum AppActions {
    /// Adds every app action to `application`.
    static func install(in application: Application, appDelegate: TandemAppDelegate) {
        application.addAction("quit") { [weak application] in application?.terminate() }
        // The prose preferences, in every window's menu as check items that change them everywhere.
        if let settings = appDelegate.preferences.settings {
            for key in EditorProse.keys { application.addAction(following: key, of: settings) }
        }
        application.addAction("new-window") { [weak appDelegate] in appDelegate?.openUntitled() }
        application.addAction("save-all") { [weak appDelegate] in appDelegate?.saveAll() }
        application.addAction("close-all") { [weak appDelegate] in appDelegate?.closeAll() }
        application.addAction(WindowList.showAction) { [weak appDelegate, weak application] id in
            guard let session = appDelegate?.windows.session(withID: id) else { return }
            application?.requestSceneSessionActivation(session)
        }
        application.addAction("switch-window") { [weak appDelegate, weak application] in
            guard let appDelegate, let application else { return }
            let parent = application.connectedScenes.last { $0.activationState == .foregroundActive }?.dialogParent
            appDelegate.windows.presentSwitcher(over: parent) { [weak application] session in
                application?.requestSceneSessionActivation(session)
            }
        }
        application.addAction("reopen-closed-window") { [weak appDelegate] in appDelegate?.reopenClosedWindow() }
        application.addAction("open-session-beside", performWithString: { [weak appDelegate] target in
            guard let name = SessionSwitcher.session(target) else { return }
            appDelegate?.sessions.openBeside(name)
        })
        application.addAction("shortcuts") { [weak application] in
            ShortcutsWindow.present(over: application?.connectedScenes.last?.dialogParent)
        }
        application.addAction("about") { [weak application] in
            AppData.findIcon()  // the logo, when Tandem runs from its build tree
            AboutDialog.present(over: application?.connectedScenes.last?.dialogParent, version: TandemVersion.string)
        }
        application.addAction("preferences") { [weak appDelegate, weak application] in
            guard let appDelegate, let application else { return }
            let parent = application.connectedScenes.last { $0.activationState == .foregroundActive }?.dialogParent
            PreferencesWindow.present(preferences: appDelegate.preferences, over: parent)
        }
    }
}
