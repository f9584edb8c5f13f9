import Background
import Dispatch
import Documents
import Gtk
import Projects

/// One window's marks of the lines that differ from git's index (Kate's and VS Code's gutter):
/// worked out off the main thread, 300 ms after the typing pauses, after a save, and when the
/// index changes (a commit, a checkout, a stash); nothing at all outside a working tree.
/// Alt+Page Down and Alt+Page Up go to the next and the previous change.
@MainActor
final class EditorGitMarks {
    private weak var view: SourceView?
    private let document: Document
    private let go: @MainActor (Int) -> Void
    private let caretLine: @MainActor () -> Int
    private var changes = LineChanges(marks: [:])
    private var pending: TimerSource?
    private var index: (path: String, monitor: FileChangeMonitor)?
    /// Counts the diffs asked for: only the newest one's answer is shown.
    private var generation = 0
    private nonisolated static let queue = DispatchQueue(label: "tandem.git-marks", qos: .utility)
    /// A bigger text (or index version) is not diffed: each diff reads both whole, and two very
    /// different big versions keep a core busy for seconds.
    nonisolated static let largestText = 2 << 20
    static let typingPause: UInt32 = 300

    /// Marks in `view`'s gutter for `document`; `go` puts the caret at the start of a 0-based
    /// line, `caretLine` says the caret's.
    init(view: SourceView, document: Document, go: @escaping @MainActor (Int) -> Void, caretLine: @escaping @MainActor () -> Int) {
        self.view = view
        self.document = document
        self.go = go
        self.caretLine = caretLine
        // Not at once: a launch restoring windows has better to do than ask git about each.
        refreshSoon()
    }

    /// What the document's events change: its text, its file.
    func follow(_ event: DocumentEvent) {
        switch event {
        case .edited, .editedTogether, .reloadedFromDisk, .loadFinished: refreshSoon()
        case .saved, .renamed: refresh()
        default: break
        }
    }

    func nextChange() {
        if let line = changes.next(after: caretLine()) { go(line) }
    }

    func previousChange() {
        if let line = changes.previous(before: caretLine()) { go(line) }
    }

    private func refreshSoon() {
        pending = TimerSource(milliseconds: Self.typingPause) { [weak self] in
            self?.pending = nil
            self?.refresh()
            return false
        }
    }

    private func refresh() {
        pending = nil
        generation += 1
        guard let path = document.path, !document.isLoading, document.storage.count <= Self.largestText else { return show(nil, index: nil) }
        let storage = document.storage, generation = self.generation
        Background.run(on: Self.queue, { () -> (LineChanges?, String?) in
            guard let git = GitIndexVersion.read(path, largest: Self.largestText) else { return (nil, nil) }
            return (git.bytes.map { LineChanges(base: $0, text: Array(storage.string.utf8)) }, git.indexFile)
        }) { [weak self] found in
            guard let self, self.generation == generation else { return }
            self.show(found.0, index: found.1)
        }
    }

    private func show(_ found: LineChanges?, index file: String?) {
        changes = found ?? LineChanges(marks: [:])
        // A file outside a working tree (or one git does not track) keeps no room for marks.
        view?.setChangeMarks(found.map { found in
            found.marks.mapValues { mark in
                switch mark {
                case .added: .added
                case .changed: .changed
                case .deletedBelow: .deletedBelow
                }
            }
        })
        guard index?.path != file else { return }
        index = file.map { path in (path, FileChangeMonitor(path: path) { [weak self] in self?.refreshSoon() }) }
    }
}
