import Documents
import FoundationEssentials
import Gtk
import Scenes

/// What an editor window keeps in its restoration record, and how it comes back from one.
@MainActor
enum EditorRestoration {
    /// The window's record: its geometry, and where the user is (`place`) in which document.
    static func record(of window: ApplicationWindow, place: EditorPlace, document: Document, zoom: Double,
                       language: String?) -> RestorationRecord {
        let state = EditorState(path: document.path, draftID: document.draftID,
                                untitledName: document.path == nil ? document.untitledName : nil,
                                caretLine: place.caret.line, caretColumn: place.caret.column,
                                anchorLine: place.anchor.line, anchorColumn: place.anchor.column,
                                topLine: place.topLine, zoom: zoom == 1 ? nil : zoom, language: language)
        // A position only where the app may place its windows (X11); the record says which.
        let size = window.size, position = window.knownPosition
        return RestorationRecord(windowWidth: size.width, windowHeight: size.height,
                                 windowX: position?.x, windowY: position?.y, backend: DisplayBackend.current.rawValue,
                                 isMaximized: window.isMaximized, isFullscreen: window.isFullscreen,
                                 payload: state.encoded)
    }

    /// The zoom a record keeps (1 when none, or when it is not a number a view takes).
    static func zoom(in record: RestorationRecord) -> Double {
        guard let zoom = EditorState.decode(record.payload)?.zoom, zoom.isFinite else { return 1 }
        return zoom
    }

    /// Puts the window back as the record says (size, position, state); returns the place in
    /// the document it kept.
    static func restore(_ record: RestorationRecord, window: ApplicationWindow) -> EditorPlace? {
        // Logical pixels, made to fit the monitor it comes back on (a scale changed since).
        if let size = record.size(areas: ApplicationWindow.workAreas) { window.setDefaultSize(width: size.width, height: size.height) }
        if let place = record.position(canPlace: ApplicationWindow.canBePlaced, areas: ApplicationWindow.workAreas) {
            window.move(x: place.x, y: place.y)
        }
        if record.isMaximized { window.maximize() }
        if record.isFullscreen { window.fullscreen() }
        guard let state = EditorState.decode(record.payload) else { return nil }
        return EditorPlace(anchor: (state.anchorLine ?? state.caretLine, state.anchorColumn ?? state.caretColumn),
                           caret: (state.caretLine, state.caretColumn), topLine: state.topLine)
    }
}
