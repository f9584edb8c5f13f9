import Gtk

/// Closing a window of tabs: each tab's delegate is asked in turn (unsaved work), and a window
/// whose tabs all agree goes whole, so Reopen Closed Window can bring it back as it was.
extension WindowTabGroup {
    /// Takes the tab of a closing scene out.
    func close(_ scene: WindowScene) {
        if scenes.count == 1 {
            window.destroy()
        } else {
            takeOut(scene)
        }
    }

    /// Closes the window with every tab in it, without asking (a quit): each scene's record was
    /// taken while the window was whole.
    func closeWhole() {
        for scene in scenes { scene.prepareToClose() }
        window.destroy()
    }

    /// The window's close button: closing the last window is quitting (nothing asked, everything
    /// kept); otherwise each tab is asked in turn, and the window goes with its last tab.
    public func requestClose() {
        if application.connectedScenes.allSatisfy({ $0.tabGroup === self }) { return application.terminate() }
        askInTurn(scenes, allowed: [])
    }

    /// Asks each scene's delegate in turn; when all agree the window goes whole (each record
    /// taken with every tab in its place, so Reopen Closed Window brings it back as it was);
    /// otherwise only the tabs that agreed close.
    private func askInTurn(_ remaining: [WindowScene], allowed: [WindowScene]) {
        guard let scene = remaining.first else {
            if allowed.count == scenes.count { return closeWhole() }
            return allowed.forEach { $0.close() }
        }
        scene.delegate.sceneShouldClose(scene) { [weak self] agreed in
            self?.askInTurn(Array(remaining.dropFirst()), allowed: agreed ? allowed + [scene] : allowed)
        }
    }
}
