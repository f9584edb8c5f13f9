import Gtk
import Localization
import Scenes

/// Every editor window by its title and folder: the Windows section every window's menu shows
/// (one menu model, shared), one entry per window with its other tabs beneath, and the switcher
/// (Ctrl+`), most recently used first, filtered as the user types.
@MainActor
final class WindowList {
    /// The section of every window's menu that lists the windows, in the order they opened.
    let menu = Menu()
    /// What each scene is called, in the order the scenes opened, by session.
    private var entries: [(session: SceneSession, title: String, folder: String?)] = []
    /// The sessions by when their window was last active, most recent first.
    private var recent: [SceneSession] = []
    /// The menu's rows as they are now: label and session identifier.
    private var rows: [(label: String, id: String)] = []

    /// The action a menu item activates, with the session's identifier.
    static let showAction = "show-window"

    /// A scene is called `title` in `folder` (nil: untitled) now.
    func windowRetitled(_ session: SceneSession, title: String, folder: String?) {
        if let index = entries.firstIndex(where: { $0.session === session }) {
            entries[index] = (session, title, folder)
        } else {
            entries.append((session, title, folder))
            recent.append(session)
        }
    }

    /// Brings the menu up to date as it opens (tabs move, and a window's title follows its tab,
    /// without telling the list): only the rows that differ are replaced.
    func menuWillOpen() {
        let wanted = wantedRows()
        var start = 0
        while start < min(rows.count, wanted.count), rows[start] == wanted[start] { start += 1 }
        var end = 0
        while end < min(rows.count, wanted.count) - start, rows[rows.count - 1 - end] == wanted[wanted.count - 1 - end] { end += 1 }
        for index in stride(from: rows.count - end - 1, through: start, by: -1) { menu.remove(at: index) }
        for index in start..<(wanted.count - end) {
            let isHeading = wanted[index].id.hasPrefix("session:")
            menu.insert(wanted[index].label, action: isHeading ? "app.session-heading" : "app." + Self.showAction,
                        target: wanted[index].id, at: index)
        }
        rows = wanted
    }

    /// One row per window, in the order the windows opened: the tab it shows (used last) with its
    /// folder, then its other tabs, indented, in their order.
    private func wantedRows() -> [(label: String, id: String)] {
        var windows: [[WindowScene]] = []
        for entry in entries {
            guard let scene = entry.session.scene else { continue }
            if let index = windows.firstIndex(where: { $0[0].sharesWindow(with: scene) }) {
                windows[index].append(scene)
            } else {
                windows.append([scene])
            }
        }
        var wanted: [(label: String, id: String)] = []
        // With windows of several named sessions open, each session's windows come together
        // under its name (a row that does nothing: its action does not exist, so it is greyed).
        var sessions: [SessionName?] = []
        for scenes in windows where !sessions.contains(scenes[0].session.sessionName) { sessions.append(scenes[0].session.sessionName) }
        if sessions.count > 1 {
            windows = sessions.flatMap { name in windows.filter { $0[0].session.sessionName == name } }
        }
        var heading: SessionName?? = .none
        for scenes in windows {
            if sessions.count > 1, heading != .some(scenes[0].session.sessionName) {
                heading = .some(scenes[0].session.sessionName)
                wanted.append((SessionSwitcher.label(scenes[0].session.sessionName).replacing("_", with: "__"),
                               "session:" + SessionSwitcher.target(scenes[0].session.sessionName)))
            }
            let shown = recent.lazy.compactMap { session in scenes.first { $0.session === session } }.first ?? scenes[0]
            wanted.append((label(of: shown.session, withFolder: true), shown.session.persistentIdentifier.uuidString))
            let others = scenes.filter { $0 !== shown }.sorted { a, b in
                let (x, y) = (a.tabPlace ?? (0, 0, 0), b.tabPlace ?? (0, 0, 0))
                return (x.side, x.index) < (y.side, y.index)
            }
            for scene in others {
                // Em spaces: a tab's row sits beneath its window's.
                wanted.append(("\u{2003}\u{2003}" + label(of: scene.session, withFolder: false), scene.session.persistentIdentifier.uuidString))
            }
        }
        return wanted
    }

    private func label(of session: SceneSession, withFolder: Bool) -> String {
        guard let entry = entries.first(where: { $0.session === session }) else { return "" }
        return Self.label(title: entry.title, folder: withFolder ? entry.folder : nil)
    }

    /// A window became the active one.
    func windowBecameActive(_ session: SceneSession) {
        recent.removeAll { $0 === session }
        recent.insert(session, at: 0)
    }

    /// The window that was active last, while it is open.
    var mostRecentlyActive: SceneSession? { recent.first { $0.scene != nil } }

    /// The window of named session `name` that was active last, while it is open.
    func mostRecentlyActive(in name: SessionName?) -> SceneSession? { recent.first { $0.scene != nil && $0.sessionName == name } }

    /// A window closed: it leaves the switcher, and the menu as it next opens.
    func windowClosed(_ session: SceneSession) {
        recent.removeAll { $0 === session }
        entries.removeAll { $0.session === session }
    }

    /// The session whose identifier a menu item carries.
    func session(withID id: String) -> SceneSession? {
        entries.first { $0.session.persistentIdentifier.uuidString == id }?.session
    }

    /// Shows the switcher over `parent`: the windows most recently used first, the one used
    /// before the current one chosen, so Ctrl+` then Enter goes back and forth between two.
    func presentSwitcher(over parent: DialogParent?, show: @escaping @MainActor (SceneSession) -> Void) {
        let sessions = recent.filter { session in entries.contains { $0.session === session } }
        let items = sessions.map { session in
            let entry = entries.first { $0.session === session }!
            return SearchableList.Item(title: entry.title, detail: entry.folder)
        }
        SearchableList.present(title: localized("Switch to Window"), placeholder: localized("Search windows by name or folder"),
                               items: items, selected: 1, over: parent) { index in show(sessions[index]) }
    }

    /// Shows the windows other than `scene`'s over it, the one used last first (each by the tab it
    /// showed last), so its tab can be moved into one; `move` gets a scene of the window picked.
    func presentMoveChooser(for scene: WindowScene, move: @escaping @MainActor (WindowScene) -> Void) {
        var targets: [(scene: WindowScene, title: String, folder: String?)] = []
        for session in recent {
            guard let other = session.scene, !other.sharesWindow(with: scene),
                  !targets.contains(where: { $0.scene.sharesWindow(with: other) }),
                  let entry = entries.first(where: { $0.session === session }) else { continue }
            targets.append((other, entry.title, entry.folder))
        }
        SearchableList.present(title: localized("Move Tab to Window"), placeholder: localized("Search windows by name or folder"),
                               empty: localized("No other window is open"),
                               items: targets.map { SearchableList.Item(title: $0.title, detail: $0.folder) },
                               selected: 0, over: scene.dialogParent) { index in move(targets[index].scene) }
    }

    /// A window's menu item: its title, and its folder after a dash.
    /// (Underscores doubled: a menu label's "_" marks its access key.)
    private static func label(title: String, folder: String?) -> String {
        (folder.map { title + " — " + $0 } ?? title).replacing("_", with: "__")
    }
}
