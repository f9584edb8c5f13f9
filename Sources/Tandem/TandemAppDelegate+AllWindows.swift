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

    /// Closes every window after one question naming every modified document (Cancel keeps them
    /// all), and leaves one new empty window, so Tandem stays open as gedit does; the closed
    /// windows can be reopened.
    func closeAll() {
        guard let application else { return }
        application.requestClose(application.connectedScenes, beforeClosing: { [weak self] in self?.openUntitled() })
    }

    /// Places a new window a step down and right of the newest other window whose place is
    /// known, so windows opened together cascade instead of hiding one another; at the work
    /// area's top left when the next step would leave it. When no other window's place is known
    /// yet (windows opened together, none on screen), the ones left to the window manager go
    /// first from the top left, then this one. A window alone is left to the window manager, as
    /// is every window on Wayland, where only the compositor places windows.
    func cascade(_ scene: WindowScene) {
        guard ApplicationWindow.canBePlaced, let others = application?.connectedScenes.filter({ $0 !== scene }), !others.isEmpty else { return }
        let step = 32, size = scene.windowFrame.size, area = ApplicationWindow.workArea
        let start = (x: (area?.x ?? 0) + step, y: (area?.y ?? 0) + step)
        guard let from = others.last(where: { $0.windowFrame.position != nil })?.windowFrame.position else {
            // A window of several tabs (a scene each) is left where it is, not moved once per tab.
            var place = start
            for other in others where !other.hasTabSiblings {
                other.moveWindow(x: place.x, y: place.y)
                place = (place.x + step, place.y + step)
            }
            scene.moveWindow(x: place.x, y: place.y)
            return
        }
        let next = (x: from.x + step, y: from.y + step)
        if let area, next.x + size.width > area.x + area.width || next.y + size.height > area.y + area.height {
            scene.moveWindow(x: start.x, y: start.y)
        } else {
            scene.moveWindow(x: next.x, y: next.y)
        }
    }
}
