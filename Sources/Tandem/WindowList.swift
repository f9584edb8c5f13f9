import Gtk
import Localization
import Scenes

/// Every editor window by its title and folder: the Windows section every window's menu shows
/// (one menu model, shared, so a window that comes, goes or is renamed changes one item), and
/// the switcher (Ctrl+`), most recently used first, filtered as the user types.
@MainActor
final class WindowList {
    /// The section of every window's menu that lists the windows, in the order they opened.
    let menu = Menu()
    /// What each window is called in the menu, in the menu's order, by session.
    private var entries: [(session: SceneSession, title: String, folder: String?)] = []
    /// The sessions by when their window was last active, most recent first.
    private var recent: [SceneSession] = []

    /// The action a menu item activates, with the session's identifier.
    static let showAction = "show-window"

    /// A window is called `title` in `folder` (nil: untitled) now; the menu follows if that changed.
    func windowRetitled(_ session: SceneSession, title: String, folder: String?) {
        let label = Self.label(title: title, folder: folder)
        let id = session.persistentIdentifier.uuidString
        if let index = entries.firstIndex(where: { $0.session === session }) {
            guard Self.label(title: entries[index].title, folder: entries[index].folder) != label else { return }
            entries[index] = (session, title, folder)
            menu.remove(at: index)
            menu.insert(label, action: "app." + Self.showAction, target: id, at: index)
        } else {
            entries.append((session, title, folder))
            recent.append(session)
            menu.append(label, action: "app." + Self.showAction, target: id)
        }
    }

    /// A window became the active one.
    func windowBecameActive(_ session: SceneSession) {
        recent.removeAll { $0 === session }
        recent.insert(session, at: 0)
    }

    /// The window that was active last, while it is open.
    var mostRecentlyActive: SceneSession? { recent.first { $0.scene != nil } }

    /// A window closed: it leaves the menu and the switcher.
    func windowClosed(_ session: SceneSession) {
        recent.removeAll { $0 === session }
        guard let index = entries.firstIndex(where: { $0.session === session }) else { return }
        entries.remove(at: index)
        menu.remove(at: index)
    }

    /// The session whose identifier a menu item carries.
    func session(withID id: String) -> SceneSession? {
        entries.first { $0.session.persistentIdentifier.uuidString == id }?.session
    }

    /// Shows the switcher over `parent`: the windows most recently used first, the one used
    /// before the current one chosen, so Ctrl+` then Enter goes back and forth between two.
    func presentSwitcher(over parent: ApplicationWindow?, show: @escaping @MainActor (SceneSession) -> Void) {
        let sessions = recent.filter { session in entries.contains { $0.session === session } }
        let items = sessions.map { session in
            let entry = entries.first { $0.session === session }!
            return SearchableList.Item(title: entry.title, detail: entry.folder)
        }
        SearchableList.present(title: localized("Switch to Window"), placeholder: localized("Search windows by name or folder"),
                               items: items, selected: 1, over: parent) { index in show(sessions[index]) }
    }

    /// A window's menu item: its title, and its folder after a dash.
    /// (Underscores doubled: a menu label's "_" marks its access key.)
    private static func label(title: String, folder: String?) -> String {
        (folder.map { title + " — " + $0 } ?? title).replacing("_", with: "__")
    }
}
