import Documents
import Scenes

/// What acts on every window at once, as gedit's Save All and Close All do.
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
}
