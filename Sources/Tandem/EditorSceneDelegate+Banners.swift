import Documents
import Scenes

/// What an editor window does when the user presses a banner's button.
extension EditorSceneDelegate {
    /// A banner's button: the action that resolves what it says.
    func respond(to response: BannerResponse) {
        guard let banners else { return }
        switch response {
        case .reload:
            environment.store.reloadFromDisk(document) { [weak self] error in
                if let error { self?.banners?.showFailure(error.message) }
            }
        case .keepMine:
            environment.store.keepMine(document)
            banners.refresh()
        case .showAll: loading?.showAll()
        case .save: commands?.save { _ in }
        case .saveAs: commands?.saveAs { _ in }
        case .openAnyway:
            commands?.open(banners.takeOpenAnywayPaths(), allowBinary: true)
            // A window made only to carry the message gives its place to the file.
            if let scene, isBlankCarrier { scene.application.requestSceneSessionDestruction(scene.session) }
            return
        case .merge:
            environment.store.mergeWithDisk(document) { [weak self] result in
                switch result {
                case .success(let conflicts): if conflicts > 0 { self?.showConflict() }
                case .failure(let error): self?.banners?.showFailure(error.message)
                }
            }
        case .useMine: settleConflict(.mine)
        case .useTheirs: settleConflict(.theirs)
        case .useBoth: settleConflict(.both)
        case .editAnyway: environment.store.editAnyway(document)
        case .cancelSave: environment.store.cancelSaving(document)
        case .tryAgain:
            banners.didLoad()  // its failure is said again if this reading fails too
            environment.store.tryAgain(document)
        }
        // The answer given, typing goes on where it was.
        ui?.textView.grabFocus()
    }

    /// Settles the conflict at the caret (or the next one) as chosen, then shows the next.
    private func settleConflict(_ choice: MergeConflict.Choice) {
        guard let binding, let index = ConflictHighlights.current(in: document, caret: binding.caret) else { return }
        environment.store.settleConflict(index, in: document, choosing: choice)
        showConflict()
    }

    /// Puts the caret at the start of the conflict at or after it (the first when none is).
    private func showConflict() {
        guard let binding, let viewport, let index = ConflictHighlights.current(in: document, caret: binding.caret) else { return }
        let start = document.conflicts[index].range.lowerBound
        binding.reveal(start)
        binding.select(anchor: start, caret: start)
        viewport.show(start)
    }
}
