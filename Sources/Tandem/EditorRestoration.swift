import Documents
import FoundationEssentials
import Gtk
import Scenes

/// What an editor window keeps in its restoration record, and how it comes back from one.
@MainActor
enum EditorRestoration {
    /// The window's record: its geometry, and where the user is (`place`) in which document.
    static func record(of scene: WindowScene, place: EditorPlace, document: Document, zoom: Double,
                       language: String?) -> RestorationRecord {
        var state = EditorState(path: document.path, draftID: document.draftID,
                                untitledName: document.path == nil ? document.untitledName : nil,
                                caretLine: place.caret.line, caretColumn: place.caret.column,
                                anchorLine: place.anchor.line, anchorColumn: place.anchor.column,
                                topLine: place.topLine, zoom: zoom == 1 ? nil : zoom, language: language,
                                paragraphLanguages: EditorParagraphLanguages.recorded(document))
        if let folder = scene.folderTree?.root {
            state.folder = folder
            state.folderHidden = scene.isSidePanelShown ? nil : true
        }
        return scene.windowRecord(payload: state.encoded)
    }

    /// The zoom a record keeps (1 when none, or when it is not a number a view takes).
    static func zoom(in record: RestorationRecord) -> Double {
        guard let zoom = EditorState.decode(record.payload)?.zoom, zoom.isFinite else { return 1 }
        return zoom
    }

    /// The folder a record's window showed beside its tabs, and whether its panel was shown.
    static func folder(in record: RestorationRecord) -> (path: String, isShown: Bool)? {
        guard let state = EditorState.decode(record.payload), let folder = state.folder, !folder.isEmpty else { return nil }
        return (folder, state.folderHidden != true)
    }

    /// Puts the scene's window back as the record says (size, position, state); returns the
    /// place in the document it kept.
    static func restore(_ record: RestorationRecord, in scene: WindowScene) -> EditorPlace? {
        scene.restoreWindow(from: record)
        guard let state = EditorState.decode(record.payload) else { return nil }
        return EditorPlace(anchor: (state.anchorLine ?? state.caretLine, state.anchorColumn ?? state.caretColumn),
                           caret: (state.caretLine, state.caretColumn), topLine: state.topLine)
    }
}
