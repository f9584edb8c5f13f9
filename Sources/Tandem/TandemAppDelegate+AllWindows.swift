import Documents
import Gtk
import Scenes

/// What acts on every window at once, as gedit's Save All and Close All do, and where new windows go.
extension TandemAppDelegate {
    /// Saves every modified document, one after another, each through one of its windows (an
    /// untitled one asks where, in its window; a refused save says why there, as Ctrl+S does).
    func saveAll() {
        var seen = Set<ObjectIdentifier>()
        let queue = editorsInOrder.filter { editor in
            editor.document.isDirty && seen.insert(ObjectIdentifier(editor.document)).inserted
        }
        saveEach(queue[...])
    }

    /// Every editor window, in the order the windows were opened.
    var editorsInOrder: [EditorSceneDelegate] { application?.connectedScenes.compactMap { editor(of: $0) } ?? [] }

    private func saveEach(_ queue: ArraySlice<EditorSceneDelegate>) {
        guard let editor = queue.first else { return }
        guard let commands = editor.commands, editor.document.isDirty else { return saveEach(queue.dropFirst()) }
        commands.save { [weak self] _ in self?.saveEach(queue.dropFirst()) }
    }

    /// Closes every window, each as its Close would (a modified document asks first), and leaves
    /// one new empty window, so Tandem stays open as gedit does; the closed windows can be reopened.
    func closeAll() {
        guard let application else { return }
        let closing = application.connectedScenes
        openUntitled()
        for scene in closing { scene.requestClose() }
    }

    /// Where a new window goes: a step down and right of the newest other window, so windows
    /// opened together cascade instead of hiding one another; back at the top left of the work
    /// area when the next step would leave it. Nil for the first window (the window manager
    /// places it).
    func cascadePlace(for scene: WindowScene) -> (x: Int, y: Int)? {
        guard let newest = application?.connectedScenes.last(where: { $0 !== scene }) else { return nil }
        let step = 32, from = newest.window.position, size = scene.window.size
        let next = (x: from.x + step, y: from.y + step)
        guard let area = ApplicationWindow.workArea else { return next }
        if next.x + size.width > area.x + area.width || next.y + size.height > area.y + area.height {
            return (area.x + step, area.y + step)
        }
        return next
    }
}
