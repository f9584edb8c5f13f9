import Scenes

/// A minimized window lets its buffer be (edits elsewhere are not laid out in it), catches up
/// when it comes back, and gives its text back when the system is short of memory.
extension EditorSceneDelegate {
    func sceneDidEnterBackground(_ scene: WindowScene) {
        // A tab behind another lets its text go at once: GTK would go on laying out every line of
        // a hidden text view's buffer, and tabs are switched to far more often than windows are
        // restored; it comes back from the store, caret and scroll where they were.
        let hiddenTab = scene.hasTabSiblings && !scene.isTabShown
        viewport?.enterBackground(releasing: hiddenTab)
        if hiddenTab { scene.trace("buffer released") }
    }

    func sceneWillEnterForeground(_ scene: WindowScene) {
        viewport?.enterForeground()
    }

    /// The system is short of memory: a window in the background empties its buffer, refilled
    /// from the store when it comes back, caret and scroll where they were.
    func didReceiveMemoryWarning() {
        guard let scene, scene.activationState == .background, let viewport else { return }
        viewport.enterBackground(releasing: true)
        scene.trace("buffer released")
    }
}
