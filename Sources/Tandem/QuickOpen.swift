import Background
import Dispatch
import Gtk
import Localization
import Projects
import Scenes

/// Quick Open (Ctrl+Alt+O, Kate's key): any file of the window's folder found by a few letters
/// of its path, ranked as Sublime Text's Goto Anything ranks (`QuickOpenIndex`), recent files
/// first among equals; `:LINE` or `:LINE:COLUMN` after the letters goes there. The folder's
/// files are listed afresh each time it opens, off the main thread (git's list in a working tree).
@MainActor
final class QuickOpen {
    private let folder: String
    private let list: SearchList
    private var index: QuickOpenIndex?
    /// The paths shown, relative to the folder, in the order shown.
    private var shown: [String] = []
    /// Recently used files of the folder, relative to it, most recent first.
    private let recent: [String]
    private nonisolated static let listing = DispatchQueue(label: "tandem.quick-open", qos: .userInitiated)
    /// How many paths the list shows.
    static let shownLimit = 50

    /// Opens Quick Open over `parent` on `folder`; `choose` opens a path with its line and column.
    init(folder: String, over parent: DialogParent, choose: @escaping @MainActor (OpenFileContext) -> Void,
         closed: @escaping @MainActor () -> Void) {
        self.folder = folder
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        recent = RecentFiles.recentPaths(limit: 200).filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        list = SearchList(over: parent, title: localized("Quick Open"), placeholder: localized("File name, then :line if wanted"),
                          listName: localized("Files of the folder"))
        list.onQuery = { [weak self] text in self?.search(text) }
        list.onChoose = { [weak self] place, text in
            guard let self, place < self.shown.count else { return }
            let query = QuickOpenQuery(text)
            let path = prefix + self.shown[place]
            self.list.close()
            choose(OpenFileContext(path: path, line: query.line, column: query.column))
        }
        list.onClose = closed
        list.present()
        let folder = self.folder
        Background.run(on: Self.listing, { QuickOpenIndex(paths: ProjectListing.paths(of: folder)) }) { [weak self] index in
            guard let self else { return }
            self.index = index
            self.search(nil)
        }
    }

    func close() { list.close() }

    private var lastText = ""

    /// Shows the best paths for `text` (nil: the text last typed).
    private func search(_ text: String?) {
        if let text { lastText = text }
        guard let index else { return }
        shown = index.matches(for: QuickOpenQuery(lastText).letters, limit: Self.shownLimit, recent: recent).map(\.path)
        list.show(shown)
    }
}
