import Scenes

/// A minimized window lets its buffer be (edits elsewhere are not laid out in it), catches up
/// when it comes back, and gives its text back when the system is short of memory.
extension EditorSceneDelegate {
    func sceneDidEnterBackground(_ scene: WindowScene) {
        viewport?.enterBackground()
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
