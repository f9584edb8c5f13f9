import Gtk

/// Closing scenes as one decision: a window with its tabs and sides, one tab, or every window at
/// once asks the app delegate once (one question for all of them, never one per scene), and
/// either all of them close or none does.
extension Application {
    /// Asks the delegate whether `scenes` may close together; when it agrees, `beforeClosing`
    /// runs, then each window whose scenes all close goes whole (its records taken with every tab
    /// in its place, so Reopen Closed Window brings it back as it was) and the other scenes close
    /// as tabs. `done` hears whether they closed. Closing every scene there is is quitting, and
    /// closing every window of one named session among others closes that session: everything is
    /// kept, and only what could not be kept is asked about (`shouldCloseSessionSet`).
    public func requestClose(_ scenes: [WindowScene], beforeClosing: (@MainActor () -> Void)? = nil,
                             done: (@MainActor (Bool) -> Void)? = nil) {
        let closing = scenes.filter { $0.activationState != .disconnected }
        guard !closing.isEmpty else { done?(true); return }
        if beforeClosing == nil && connectedScenes.allSatisfy({ scene in closing.contains { $0 === scene } }) {
            done?(false)
            return terminate()
        }
        // Closing every window of one named session among others closes that session as
        // quitting would: its windows kept in it.
        let name = closing[0].session.sessionName
        if beforeClosing == nil, openSessionNames.count > 1, closing.allSatisfy({ $0.session.sessionName == name }),
           connectedScenes.allSatisfy({ scene in scene.session.sessionName != name || closing.contains { $0 === scene } }) {
            delegate.application(self, shouldCloseSessionSet: name) { [weak self] agreed in
                guard let self, agreed else { done?(false); return }
                self.closeSessionSet(name)
                done?(true)
            }
            return
        }
        delegate.application(self, shouldClose: closing) { [weak self] agreed in
            guard let self, agreed else { done?(false); return }
            beforeClosing?()
            self.close(closing.filter { $0.activationState != .disconnected })
            done?(true)
        }
    }

    /// Closes `scenes` without asking: whole windows where every tab goes, tabs otherwise.
    private func close(_ scenes: [WindowScene]) {
        for group in tabGroups {
            let members = group.scenes.filter { scene in scenes.contains { $0 === scene } }
            if members.isEmpty { continue }
            if members.count == group.scenes.count {
                group.closeWhole()
            } else {
                for scene in members { scene.close() }
            }
        }
    }
}
