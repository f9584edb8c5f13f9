import Background
import Dispatch
import Documents
import Gtk
import Localization
import Projects
import SafeFiles
import Scenes

extension TextPattern: ByteMatcher {}

/// The side panel's Find in Files page (Ctrl+Shift+F): text or a regular expression looked for
/// in every file of the window's folder, or of a folder in it, or of the files a pattern names.
/// The search runs off the main thread while the project is still being listed; results come
/// in grouped by file, counted as they come; a new search or Stop cancels the one running.
/// Open documents are searched as the windows hold them, unsaved text included. Replace
/// changes the ticked lines' matches (`ReplaceInFiles`), and Undo Replace in Files takes them back.
@MainActor
final class FindInFiles {
    private let builder = Builder(file: "find-in-files.ui")
    let folder: String
    /// The page, to put in the side panel.
    let page: Widget
    private let results: ResultTree
    /// What each group of the results stands for: the file (its path from the folder searched).
    private var shown: [(root: String, hits: FileHits)] = []
    private var running: Cancellation?
    /// Counts searches: results of one cancelled are dropped when they arrive.
    private var generation = 0
    private var pending: TimerSource?
    private let openTexts: @MainActor () -> [String: @Sendable () -> [UInt8]]
    private let store: DocumentStore
    /// What the results were found with: the replacements are made with it.
    private var searched: TextPattern?
    /// The last Replace in Files, until it is undone or another replaces it.
    private var replacement: ReplaceInFiles?
    private let open: @MainActor (OpenFileContext) -> Void
    /// How long the fields wait for more typing before they search.
    static let typingPause: UInt32 = 300

    /// A page searching `folder`; `openTexts` gives the open documents' text by path, `open`
    /// opens a result.
    init(folder: String, store: DocumentStore, openTexts: @escaping @MainActor () -> [String: @Sendable () -> [UInt8]],
         open: @escaping @MainActor (OpenFileContext) -> Void) {
        self.folder = folder
        self.store = store
        self.openTexts = openTexts
        self.open = open
        page = builder.widget("find-in-files")!
        results = ResultTree(accessibleName: localized("Matches in the files"))
        builder.box("fif-results").pack(results, expand: true)
        results.onActivate = { [weak self] group, item in self?.activated(group, item) }
        let find = builder.entry("fif-find")!
        find.onActivate { [weak self] in self?.search() }
        for entry in ["fif-find", "fif-folder", "fif-files"] {
            builder.entry(entry)?.onChanged { [weak self] in self?.searchSoon() }
        }
        builder.entry("fif-folder")?.onActivate { [weak self] in self?.search() }
        builder.entry("fif-files")?.onActivate { [weak self] in self?.search() }
        for toggle in ["fif-case", "fif-whole-word", "fif-regex"] {
            builder.on(toggle, "toggled") { [weak self] in self?.search() }
        }
        builder.on("fif-find", "stop-search") { [weak self] in self?.stop() }
        builder.on("fif-stop", "clicked") { [weak self] in self?.stop() }
        builder.on("fif-replace-all", "clicked") { [weak self] in self?.replaceTicked() }
        builder.on("fif-undo-replace", "clicked") { [weak self] in self?.undoReplace() }
    }

    isolated deinit { running?.cancel() }

    /// Puts the keyboard in the field of what to find, its text selected; `text` replaces it.
    func focusFind(_ text: String? = nil) {
        guard let find = builder.entry("fif-find") else { return }
        if let text, !text.isEmpty { find.text = text }
        find.grabFocus()
        find.selectAll()
    }

    private func searchSoon() {
        pending = TimerSource(milliseconds: Self.typingPause) { [weak self] in
            self?.pending = nil
            self?.search()
            return false
        }
    }

    private func stop() {
        pending = nil
        guard let running else { return }
        running.cancel()
        self.running = nil
        builder.widget("fif-stop")?.hide()
        showStatus(localized("Stopped.") + " " + describe(lastTally, finished: false), now: true)
    }

    private var lastTally = SearchTally()

    /// Starts the search the fields ask for, in place of the one running.
    private func search() {
        pending = nil
        running?.cancel()
        running = nil
        generation += 1
        results.clear()
        shown = []
        searched = nil
        lastTally = SearchTally()
        builder.widget("fif-stop")?.hide()
        builder.widget("fif-replace-all")?.isSensitive = false
        let text = builder.entry("fif-find")?.text ?? ""
        guard !text.isEmpty else {
            showStatus("", now: true)
            return
        }
        let pattern: TextPattern
        do {
            pattern = try TextPattern(text: text, isRegex: builder.isActive("fif-regex"), isCaseSensitive: builder.isActive("fif-case"),
                                      matchesWholeWords: builder.isActive("fif-whole-word"))
        } catch let invalid as TextPattern.Invalid {
            showStatus(localized("Not a regular expression: %1", invalid.message), now: true)
            return
        } catch {
            return
        }
        let within = (builder.entry("fif-folder")?.text ?? "").split(separator: "/").filter { !$0.isEmpty && $0 != "." }.joined(separator: "/")
        let root = within.isEmpty ? folder : (folder.hasSuffix("/") ? folder : folder + "/") + within
        guard FileSystem.isFolder(root) else {
            showStatus(localized("There is no folder “%1” in “%2”.", within, PathName.file(of: folder)), now: true)
            return
        }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var texts: [String: @Sendable () -> [UInt8]] = [:]
        for (path, text) in openTexts() where path.hasPrefix(prefix) { texts[String(path.dropFirst(prefix.count))] = text }
        var search = ContentSearch(folder: root, matcher: pattern, openTexts: texts)
        search.fileNames = FileNamePattern(builder.entry("fif-files")?.text ?? "")
        let cancellation = Cancellation()
        running = cancellation
        searched = pattern
        let generation = self.generation
        builder.widget("fif-stop")?.show()
        showStatus(localized("Searching…"), now: true)
        let ready = search
        Background.longRunning {
            ready.run(cancellation: cancellation) { found, tally, finished in
                Background.onMain { [weak self] in
                    guard let self, self.generation == generation else { return }
                    self.show(found, from: root, tally, finished: finished)
                }
            }
        }
    }

    private func show(_ found: [FileHits], from root: String, _ tally: SearchTally, finished: Bool) {
        lastTally = tally
        let within = root == folder ? "" : String(root.dropFirst(folder.count + (folder.hasSuffix("/") ? 0 : 1))) + "/"
        for hits in found {
            shown.append((root, hits))
            let path = within + hits.path
            let name = PathName.file(of: path), parent = path.count > name.count ? String(path.dropLast(name.count + 1)) : ""
            let title = "<b>" + Markup.escaped(name) + "</b>" + (parent.isEmpty ? "" : "  <small>" + Markup.escaped(parent) + "</small>")
                + "  <small>(" + Markup.escaped(LocalizedNumber.string(hits.matchCount)) + ")</small>"
            results.appendGroup(title, items: hits.lines.map(Self.markup))
        }
        if finished {
            running = nil
            builder.widget("fif-stop")?.hide()
            builder.widget("fif-replace-all")?.isSensitive = !shown.isEmpty
        }
        showStatus((finished ? "" : localized("Searching…") + " ") + describe(tally, finished: finished), now: finished)
    }

    private var status = ""
    private var statusShown: UInt64 = 0
    /// How often the count may change while a search runs: each change lays the window out
    /// again, and at every report (20 a second) that made typing beside it stutter.
    static let statusInterval: UInt64 = 250_000_000

    /// Shows `text` as the search's status, at once when `now`, else at most every 250 ms.
    private func showStatus(_ text: String, now: Bool = false) {
        guard text != status else { return }
        let time = DispatchTime.now().uptimeNanoseconds
        guard now || time - statusShown >= Self.statusInterval else { return }
        status = text
        statusShown = time
        builder.setLabel("fif-status", text)
    }

    /// "12 matches in 3 files", and what was left out.
    private func describe(_ tally: SearchTally, finished: Bool) -> String {
        if finished && tally.matches == 0 {
            return localizedPlural("No match in %1 file.", "No match in %1 files.", count: tally.searched) + skipped(tally)
        }
        let files = localizedPlural("%1 file", "%1 files", count: tally.matchedFiles)
        var text = localizedPlural("%1 match in %2.", "%1 matches in %2.", count: tally.matches, files)
        // Replace changes what is listed, and says so before it is pressed.
        if shown.contains(where: { $0.hits.isCut }) {
            let lines = shown.reduce(0) { $0 + $1.hits.lines.count }
            text += " " + localizedPlural("%1 line is listed, and only it is replaced.",
                                          "%1 lines are listed, and only they are replaced.", count: lines)
        }
        return text + skipped(tally)
    }

    private func skipped(_ tally: SearchTally) -> String {
        var parts: [String] = []
        if tally.binarySkipped > 0 { parts.append(localizedPlural("%1 binary file skipped.", "%1 binary files skipped.", count: tally.binarySkipped)) }
        if tally.hugeSkipped > 0 { parts.append(localizedPlural("%1 file over 64 MB skipped.", "%1 files over 64 MB skipped.", count: tally.hugeSkipped)) }
        if tally.unreadable > 0 { parts.append(localizedPlural("%1 file could not be read.", "%1 files could not be read.", count: tally.unreadable)) }
        return parts.isEmpty ? "" : " " + parts.joined(separator: " ")
    }

    /// A line as the results show it: its number, then its text with the matches in bold.
    private static func markup(_ line: LineHit) -> String {
        let scalars = Array(line.text.unicodeScalars)
        var out = "<span alpha=\"60%\">" + Markup.escaped(LocalizedNumber.string(line.number)) + "</span>  "
        var at = 0
        func piece(_ range: Range<Int>) -> String {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[range])
            return Markup.escaped(String(text).replacingTabs)
        }
        for match in line.matches where match.lowerBound >= at && match.upperBound <= scalars.count {
            out += piece(at..<match.lowerBound) + "<b>" + piece(match) + "</b>"
            at = match.upperBound
        }
        return out + piece(at..<scalars.count)
    }

    /// Replaces the ticked lines' matches with the replacement field's text, then clears the
    /// results (they no longer say what the files hold) and offers to undo it all.
    private func replaceTicked() {
        guard running == nil, let pattern = searched else { return }
        var targets: [(path: String, lines: Set<Int>)] = []
        for (group, entry) in shown.enumerated() {
            let lines = Set(entry.hits.lines.indices.filter { results.isTicked(group: group, item: $0) }.map { entry.hits.lines[$0].number })
            if !lines.isEmpty { targets.append(((entry.root.hasSuffix("/") ? entry.root : entry.root + "/") + entry.hits.path, lines)) }
        }
        guard !targets.isEmpty else { return }
        let change = ReplaceInFiles(store: store) { [weak self] path in self?.open(OpenFileContext(path: path)) }
        replacement = change
        results.clear()
        shown = []
        builder.widget("fif-replace-all")?.isSensitive = false
        change.replace(pattern, with: builder.entry("fif-replace")?.text ?? "", in: targets) { [weak self, weak change] problems in
            guard let self, let change, self.replacement === change else { return }
            let summary = localizedPlural("%1 match replaced in %2.", "%1 matches replaced in %2.", count: change.replaced,
                                          localizedPlural("%1 file", "%1 files", count: change.files))
            self.showStatus(([summary] + problems).joined(separator: " "), now: true)
            if change.files > 0 { self.builder.widget("fif-undo-replace")?.show() }
        }
    }

    private func undoReplace() {
        guard let change = replacement else { return }
        builder.widget("fif-undo-replace")?.hide()
        change.undo { [weak self] problems in
            self?.showStatus(([localized("Replace in Files undone.")] + problems).joined(separator: " "), now: true)
        }
    }

    private func activated(_ group: Int, _ item: Int?) {
        guard group < shown.count else { return }
        let (root, hits) = shown[group]
        let path = (root.hasSuffix("/") ? root : root + "/") + hits.path
        let line = item.flatMap { $0 < hits.lines.count ? hits.lines[$0] : nil } ?? hits.lines.first
        open(OpenFileContext(path: path, line: line?.number, column: line?.column))
    }
}

extension String {
    /// Tabs as spaces: a results row is one line of a narrow panel.
    fileprivate var replacingTabs: String { contains("\t") ? split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " ") : self }
}
