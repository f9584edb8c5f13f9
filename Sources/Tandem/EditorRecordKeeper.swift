import Gtk
import Scenes

/// Keeps an editor window's restoration record close behind the user: at most a second behind
/// the typing, so that after a crash the caret comes back where the text does (the journal
/// keeps the text itself), and at once when the file it names changes (a rename, Save As).
@MainActor
final class EditorRecordKeeper {
    private weak var scene: WindowScene?
    private var timer: TimerSource?

    init(scene: WindowScene) { self.scene = scene }

    /// Writes the record within a second: one write however many changes come meanwhile.
    func saveSoon() {
        guard timer == nil else { return }
        timer = TimerSource(milliseconds: 1000) { [weak self] in
            guard let self else { return false }
            self.timer = nil
            self.scene?.saveRestorationRecord()
            return false
        }
    }

    /// Writes the record now.
    func saveNow() { scene?.saveRestorationRecord() }
}
