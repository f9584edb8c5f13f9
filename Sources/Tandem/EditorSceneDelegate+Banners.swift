import Documents
import Scenes

/// What an editor window does when the user presses a banner's button.
extension EditorSceneDelegate {
    /// A banner's button: the action that resolves what it says.
    func respond(to response: BannerResponse) {
        guard let banners else { return }
        switch response {
        case .reload:
            do throws(TextFileError) { try environment.store.reloadFromDisk(document) } catch { banners.showFailure(error.message) }
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
        }
    }
}
