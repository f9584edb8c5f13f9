import Editing
import Scenes

/// The window's caret commands: "win.add-caret-below" and "win.add-caret-above" (Shift+Alt+Down
/// and Up, as in VS Code and Sublime Text on Linux), "win.add-next-occurrence" and
/// "win.select-column-right" and "-left" (Shift+Alt+Right and Left: with the carets added below,
/// a rectangle), "win.add-all-occurrences" (Alt+J and Shift+Ctrl+Alt+J, as in JetBrains' editors: GTK's text
/// view and Tandem already use Ctrl+D and Ctrl+Shift+L) and "win.single-caret" (Escape does it
/// in the text too). The carets themselves are the binding's; typing at them is DocumentBinding+Carets.
@MainActor
enum EditorCarets {
    static func install(in scene: WindowScene, viewport: DocumentViewport) {
        let binding = viewport.binding
        let tabWidth = { [weak viewport] in viewport?.tabWidth ?? 8 }
        scene.addAction("add-caret-below") { [weak binding] in binding?.addCaretOnNextLine(below: true, tabWidth: tabWidth()) }
        scene.addAction("add-caret-above") { [weak binding] in binding?.addCaretOnNextLine(below: false, tabWidth: tabWidth()) }
        scene.addAction("select-column-right") { [weak binding] in binding?.extendColumns(right: true, tabWidth: tabWidth()) }
        scene.addAction("select-column-left") { [weak binding] in binding?.extendColumns(right: false, tabWidth: tabWidth()) }
        scene.addAction("single-caret") { [weak binding] in binding?.removeExtraCarets() }
        scene.addAction("add-next-occurrence") { [weak viewport] in viewport?.addNextOccurrence() }
        scene.addAction("add-all-occurrences") { [weak binding] in binding?.addAllOccurrences() }
    }
}
