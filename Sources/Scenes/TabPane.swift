import Gtk

/// One side of a window (Kate's view space, Sublime's group): a tab strip, the scenes it holds
/// in tab order, and the one it shows. A window has two; the second is hidden until the window
/// is split, and either hides again once its last tab leaves.
@MainActor
final class TabPane {
    let notebook = Notebook(group: "tandem-scenes")
    /// The scenes in tab order.
    var scenes: [WindowScene] = []
    /// The scene this side shows: in the foreground while the window is on screen.
    var shownScene: WindowScene?

    /// Whether `scene` is one of this side's tabs.
    func holds(_ scene: WindowScene) -> Bool { scenes.contains { $0 === scene } }

    /// The scene whose content is `page`, among this side's.
    func scene(showing page: Widget) -> WindowScene? { scenes.first { $0.content === page } }

    /// Shows the notebook only while it has tabs: an empty side gives its room to the other.
    func showIfHolding() {
        if scenes.isEmpty && notebook.count == 0 { notebook.hide() } else { notebook.show() }
    }
}
