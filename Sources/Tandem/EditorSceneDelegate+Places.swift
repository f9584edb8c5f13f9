import Gtk
import Scenes

/// Where the user is in the document: a line asked for on the command line, the place a
/// restored window or the file's last window left, kept until the buffer holds its lines.
extension EditorSceneDelegate {
    /// Puts the caret on the 1-based line and column of `place` (if it has one) and scrolls there.
    func moveCaret(to place: OpenFileContext) {
        if let line = place.line { go(to: EditorPlace(line: line, column: place.column)) }
    }

    /// A file opened again (no line asked for, no record) comes back where its last window was.
    func comeBack(_ ui: EditorWindow) {
        guard let path = document.identity.canonicalPath, environment.store.subscriberCount(of: document) == 1,
              let place = environment.places.place(for: path) else { return }
        if let zoom = place.zoom, zoom.isFinite { ui.textView.zoom = zoom }
        if let language = place.language {
            chosenLanguage = language
            EditorLanguage.apply(to: ui, for: document, chosen: language)
        }
        go(to: EditorPlace(anchor: (place.caretLine, place.caretColumn), caret: (place.caretLine, place.caretColumn), topLine: place.topLine))
    }

    /// The last window of a file keeps where the user was in it, for the next time it opens.
    func rememberPlace() {
        guard let ui, let binding, let viewport, binding.isLastWindowOnDocument, let path = document.identity.canonicalPath else { return }
        let place = pendingPlace ?? .current(in: ui, through: viewport)
        environment.places.remember(.init(path: path, caretLine: place.caret.line, caretColumn: place.caret.column,
                                          topLine: place.topLine, zoom: ui.textView.zoom == 1 ? nil : ui.textView.zoom,
                                          language: chosenLanguage))
    }

    /// Selects and scrolls to `place` now, or as soon as the buffer holds its lines.
    func go(to place: EditorPlace) {
        pendingPlace = place
        applyPendingPlace()
    }

    func applyPendingPlace() {
        guard let place = pendingPlace, let ui, let binding, let viewport, place.fits(in: binding) else { return }
        pendingPlace = nil
        landingTopLine = place.topLine
        place.apply(to: ui, through: viewport)
        // On Wayland a selection claims the primary selection, which the compositor refuses to
        // a window without the focus; GTK then collapses the selection (found restoring a
        // window). It is made again once the window has the focus.
        if place.anchor != place.caret, DisplayBackend.current == .wayland, scene?.isWindowActive == false {
            selectionAwaitingFocus = place
        }
    }

    /// Makes the restored selection again, unless the user has moved the caret meanwhile.
    func selectAgainWithFocus() {
        guard let place = selectionAwaitingFocus, let binding else { return }
        selectionAwaitingFocus = nil
        let caret = binding.offset(line: place.caret.line, column: place.caret.column)
        guard binding.caret == caret else { return }
        binding.select(anchor: binding.offset(line: place.anchor.line, column: place.anchor.column), caret: caret)
    }
}
