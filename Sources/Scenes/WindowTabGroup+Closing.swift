import Gtk

/// Closing a window of tabs: one decision for the whole window (every tab, both sides), and a
/// window that goes, goes whole, so Reopen Closed Window can bring it back as it was.
extension WindowTabGroup {
    /// Takes the tab of a closing scene out.
    func close(_ scene: WindowScene) {
        if scenes.count == 1 {
            window.destroy()
        } else {
            takeOut(scene)
        }
    }

    /// Closes the window with every tab in it, without asking: each scene's record was taken
    /// while the window was whole.
    func closeWhole() {
        for scene in scenes { scene.prepareToClose() }
        window.destroy()
    }

    /// The window's close button: the app delegate is asked once for all its tabs and sides
    /// (Cancel leaves every one as it was). Closing the last window is quitting.
    public func requestClose() {
        application.requestClose(scenes)
    }
}
