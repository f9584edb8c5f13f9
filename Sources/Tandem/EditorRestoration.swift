import Documents
import Foundation
import Gtk
import Scenes

/// What an editor window keeps in its restoration record, and how it comes back from one.
@MainActor
enum EditorRestoration {
    /// The window's record: its geometry, and where the user is in which document.
    static func record(of window: ApplicationWindow, ui: EditorWindow, document: Document) -> RestorationRecord {
        let caret = ui.buffer.caret, anchor = ui.buffer.selectionAnchor
        let state = EditorState(path: document.path, draftID: document.draftID,
                                untitledName: document.path == nil ? document.untitledName : nil,
                                caretLine: caret.line, caretColumn: caret.column,
                                anchorLine: anchor.line, anchorColumn: anchor.column,
                                topLine: ui.textView.topVisibleLine)
        let size = window.size, position = window.position
        return RestorationRecord(windowWidth: size.width, windowHeight: size.height,
                                 windowX: position.x, windowY: position.y,
                                 isMaximized: window.isMaximized, isFullscreen: window.isFullscreen,
                                 payload: state.encoded)
    }

    /// Puts the window back as the record says: size, place, selection and scroll.
    static func restore(_ record: RestorationRecord, window: ApplicationWindow, ui: EditorWindow) {
        if let width = record.windowWidth, let height = record.windowHeight { window.setDefaultSize(width: width, height: height) }
        if let x = record.windowX, let y = record.windowY { window.move(x: x, y: y) }
        if record.isMaximized { window.maximize() }
        if record.isFullscreen { window.fullscreen() }
        guard let state = EditorState.decode(record.payload) else { return }
        ui.buffer.select(anchor: (state.anchorLine ?? state.caretLine, state.anchorColumn ?? state.caretColumn),
                         caret: (state.caretLine, state.caretColumn))
        ui.textView.scrollToTop(line: state.topLine ?? 0)
    }

    /// Puts the caret on the 1-based line and column of `place` (if it has one) and scrolls there.
    static func moveCaret(in ui: EditorWindow, to place: OpenFileContext) {
        guard let line = place.line else { return }
        ui.buffer.placeCaret(line: line - 1, column: (place.column ?? 1) - 1)
        ui.textView.scrollToCaret()
    }
}
