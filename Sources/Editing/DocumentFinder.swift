import Background
import Dispatch
import Documents
import FoundationEssentials
import Gtk

/// Find and Replace over a whole document, searched in the store (a window's buffer holds only
/// some of its lines): the next and previous match anywhere, the count of them all (made off the
/// main thread for a big document), Replace and Replace All as one undo step each.
@MainActor
public final class DocumentFinder {
    let binding: DocumentBinding
    /// What is searched for; nil: nothing (an empty text, or an expression that does not compile).
    public private(set) var pattern: TextPattern?
    /// The matches counted, as of the document's `editCount`; nil while counting.
    private var counted: Counted?
    /// Every match's range, in order, when all are kept.
    private var matches: [Range<Int>]? { counted?.isWhole == true ? counted?.kept : nil }
    private var counting: Cancellation?
    /// Where matches are counted, one search at a time (a newer one cancels the last).
    nonisolated static let searches = DispatchQueue(label: "tandem.search", qos: .utility)
    /// Fires once typing pauses: ends a burst of edits, and counts anew if the count was dropped.
    private var quiet: TimerSource?
    /// Edits followed one by one since typing last paused.
    private var burst = 0
    /// Set while Replace All edits: its own edits are not followed one by one.
    var isReplacingAll = false
    /// The search of a Replace All made off the main thread, while it runs.
    var replacing: Cancellation?
    /// Called when the count is known or changes.
    public var onCountChanged: (@MainActor () -> Void)?

    /// Below this many characters the count is made at once, on the main thread.
    static let countsAtOnce = 1 << 19
    /// The most matches whose ranges are kept (16 MB of them): past that they are only counted,
    /// and a step to one further on searches for it. (Tests keep fewer.)
    public var keptMatches = 1 << 20

    /// The matches of a search: the ranges of the first `keptMatches`, and how many there are.
    struct Counted {
        var kept: [Range<Int>]
        var total: Int
        var isWhole: Bool { kept.count == total }
    }
    /// How many edits in a burst are followed one by one; past them (another window's Replace
    /// All) the matches are counted again once the edits pause.
    public static let editsFollowed = 64

    /// A finder over `binding`'s document, selecting in `binding`'s window.
    public init(binding: DocumentBinding) { self.binding = binding }

    /// Searches for `pattern` from now on (nil: nothing).
    public func search(_ pattern: TextPattern?) {
        self.pattern = pattern
        count()
    }

    /// The number of matches, or nil while they are being counted (or nothing is searched for).
    public var matchCount: Int? { counted?.total }
    /// How far a count off the main thread has got, 0 to 1 (nil: none is running).
    public private(set) var countProgress: Double?
    /// How often a count off the main thread says how far it got, in nanoseconds (tests: 0).
    public var countProgressInterval: UInt64 = 200_000_000

    /// Which match the selection is, from 1; nil when it is none or the count is not known yet.
    public var selectedMatchPosition: Int? {
        guard let matches = counted?.kept else { return nil }
        let selection = binding.selection
        let index = Self.firstIndex(in: matches) { $0.lowerBound >= selection.lowerBound }
        return index < matches.count && matches[index] == selection ? index + 1 : nil
    }

    /// The document changed by `edit`: the matches in the lines it touched are found again and
    /// the ones after it shift, so a keystroke costs its lines, not the document. Past a burst
    /// of edits, or while a count is still being made, it is made again once the edits pause.
    public func documentEdited(_ edit: Edit) {
        guard pattern != nil, !isReplacingAll else { return }
        burst += 1
        if let known = matches, burst <= Self.editsFollowed {
            let now = following(edit, known)
            counted = Counted(kept: now, total: now.count)
            onCountChanged?()
        } else {
            counting?.cancel()
            (counted, countProgress) = (nil, nil)
        }
        waitForQuiet()
    }

    /// Many edits at once (a save's formatting): the matches are counted again once edits pause.
    public func documentEditedTogether() {
        guard pattern != nil, !isReplacingAll else { return }
        counting?.cancel()
        (counted, countProgress) = (nil, nil)
        waitForQuiet()
    }

    private func waitForQuiet() {
        quiet?.cancel()
        quiet = TimerSource(milliseconds: 150) { [weak self] in
            guard let self else { return false }
            self.quiet = nil
            self.burst = 0
            if self.counted == nil { self.count() }
            return false
        }
    }

    /// `known` (the matches before `edit`) after it: those in the whole lines the edit touched
    /// are searched again there, those after them move by what it added or took away.
    private func following(_ edit: Edit, _ known: [Range<Int>]) -> [Range<Int>] {
        guard let pattern else { return known }
        let text = binding.document.storage, delta = edit.insertedCount - edit.range.count
        let start = text.offset(ofLine: text.lineAndColumn(of: edit.range.lowerBound).line)
        let endLine = text.lineAndColumn(of: edit.range.lowerBound + edit.insertedCount).line
        let end = endLine + 1 < text.lineCount ? text.offset(ofLine: endLine + 1) : text.count
        let oldEnd = end - delta  // the same place before the edit: everything after it moved by `delta`
        let first = Self.firstIndex(in: known) { $0.upperBound > start }
        let after = Self.firstIndex(in: known) { $0.lowerBound >= oldEnd }
        let found = pattern.matches(in: text.substring(start..<end), base: start).map(\.range)
        return Array(known[..<first]) + found + known[after...].map { ($0.lowerBound + delta)..<($0.upperBound + delta) }
    }

    /// The first index of ordered `ranges` from which `isPast` holds (binary search).
    private static func firstIndex(in ranges: [Range<Int>], where isPast: (Range<Int>) -> Bool) -> Int {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(ranges[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// What a step to the next or previous match did.
    public enum Step: Equatable {
        case selected
        case none
        /// The matches of a big document are still being counted: the search goes on off the
        /// main thread, and its answer comes to `then`.
        case searching
    }

    /// Selects the next match after the selection (or the previous one before it), going round
    /// the document's ends; the window slides there. From the matches counted when they are,
    /// by searching the text when it is small, else off the main thread: then `then` is called
    /// with whether one was selected, unless the document, the selection or the search changed
    /// meanwhile (a newer step, or typing, makes it moot).
    @discardableResult
    public func step(forward: Bool, then: @escaping @MainActor (Bool) -> Void = { _ in }) -> Step {
        guard let pattern else { return .none }
        stepping?.cancel()
        stepping = nil
        let text = binding.document.storage, selection = binding.selection
        let from = forward ? (selection.isEmpty ? selection.lowerBound : selection.upperBound) : selection.lowerBound
        if let counted, let near = Self.neighbour(of: from, in: counted, forward: forward) {
            return select(near)
        }
        if counted?.total == 0 { return .none }
        if text.count < Self.countsAtOnce {
            return select(Self.search(pattern, in: text, from: from, forward: forward, isCancelled: { false }))
        }
        searchOffTheMainThread(pattern, from: from, forward: forward, then: then)
        return .searching
    }
    private var stepping: Cancellation?

    /// Looks for the match from `offset` on a snapshot of the text, off the main thread, and
    /// selects it once back, unless the text, the selection or the search changed meanwhile.
    private func searchOffTheMainThread(_ pattern: TextPattern, from offset: Int, forward: Bool,
                                        then: @escaping @MainActor (Bool) -> Void) {
        stepping?.cancel()
        let cancellation = Cancellation(), edits = binding.document.editCount
        let text = binding.document.storage, selection = binding.selection
        stepping = cancellation
        Background.run(on: Self.steps, {
            Self.search(pattern, in: text, from: offset, forward: forward) { cancellation.isCancelled }
        }, then: { [weak self] found in
            guard let self, !cancellation.isCancelled, self.pattern === pattern, edits == self.binding.document.editCount,
                  self.binding.selection == selection else { return }
            self.stepping = nil
            then(self.select(found) == .selected)
        })
    }
    /// Where a big document's next match is looked for while its matches are counted.
    private nonisolated static let steps = DispatchQueue(label: "tandem.find-step", qos: .userInitiated)

    private nonisolated static func search(_ pattern: TextPattern, in text: TextStorage, from offset: Int, forward: Bool,
                                           isCancelled: () -> Bool) -> Range<Int>? {
        forward ? DocumentSearch.firstMatch(of: pattern, in: text, from: offset, isCancelled: isCancelled)?.range
            : DocumentSearch.lastMatch(of: pattern, in: text, before: offset, isCancelled: isCancelled)?.range
    }

    /// The match after `offset` (starting at or after it) or before it (ending at or before
    /// it) among the matches counted, going round the ends; nil when there is none, or it lies
    /// past the matches kept.
    private static func neighbour(of offset: Int, in counted: Counted, forward: Bool) -> Range<Int>? {
        // The ranges kept are the first matches: one found among them is the one, and only
        // going round an end, or past the last kept, needs the matches not kept.
        let matches = counted.kept
        guard !matches.isEmpty else { return nil }
        if forward {
            let index = firstIndex(in: matches) { $0.lowerBound >= offset }
            if index < matches.count { return matches[index] }
            return counted.isWhole ? matches[0] : nil
        }
        let index = firstIndex(in: matches) { $0.upperBound > offset }
        if index == matches.count && !counted.isWhole { return nil }
        if index > 0 { return matches[index - 1] }
        return counted.isWhole ? matches[matches.count - 1] : nil
    }

    private func select(_ found: Range<Int>?) -> Step {
        guard let found else { return .none }
        binding.reveal(found.lowerBound)
        binding.select(anchor: found.lowerBound, caret: found.upperBound)
        return .selected
    }

    /// Selects the first match at or after `offset` (going round to the start), as Find does
    /// while the user types: nil while the matches are still being counted, else whether there
    /// was one. A binary search of the matches counted: nothing is searched again.
    /// Past the matches kept, the match is searched for off the main thread, selected once
    /// found (true is answered at once), and `then` called as for `step`.
    public func selectFirst(from offset: Int, then: @escaping @MainActor (Bool) -> Void = { _ in }) -> Bool? {
        guard let counted, let pattern else { return nil }
        guard counted.total > 0 else { return false }
        if let near = Self.neighbour(of: offset, in: counted, forward: true) { return select(near) == .selected }
        let text = binding.document.storage
        if text.count < Self.countsAtOnce {
            return select(Self.search(pattern, in: text, from: offset, forward: true, isCancelled: { false })) == .selected
        }
        searchOffTheMainThread(pattern, from: offset, forward: true, then: then)
        return true
    }

    /// Replaces the selection when it is a match (with its groups filled in), then selects the
    /// next match; false when the selection was not one.
    @discardableResult
    public func replaceSelected(with replacement: String) -> Bool {
        guard let pattern, let store = binding.store, !binding.document.isReadOnly else { return false }
        let selection = binding.selection
        let lines = lineRange(around: selection)
        guard !selection.isEmpty,
              let match = pattern.matches(in: binding.document.storage.substring(lines), base: lines.lowerBound, replacement: replacement)
                .first(where: { $0.range == selection }) else {
            step(forward: true)
            return false
        }
        let expanded = match.replacement ?? replacement
        // A match that is already its replacement is left as it is: no undo step that changes nothing.
        if binding.document.storage.substring(selection) != expanded {
            store.sealUndoStep(binding.document)
            store.apply(Edit(range: selection, replacement: expanded), to: binding.document, origin: binding.originID)
            store.sealUndoStep(binding.document)
        }
        let after = selection.lowerBound + expanded.unicodeScalars.count
        binding.select(anchor: after, caret: after)
        step(forward: true)
        return true
    }

    /// The whole lines around `range` (an expression may look at what stands beside a match).
    private func lineRange(around range: Range<Int>) -> Range<Int> {
        let text = binding.document.storage
        let first = text.lineAndColumn(of: range.lowerBound).line, last = text.lineAndColumn(of: range.upperBound).line
        return text.offset(ofLine: first)..<(last + 1 < text.lineCount ? text.offset(ofLine: last + 1) : text.count)
    }

    /// Counts the matches: at once for a small document, else off the main thread on a snapshot
    /// of the text (an O(1) copy), dropped if the document changed meanwhile.
    func count() {
        counting?.cancel()
        counting = nil
        (counted, countProgress) = (nil, nil)
        guard let pattern else { return onCountChanged?() ?? () }
        let text = binding.document.storage, edits = binding.document.editCount
        if text.count < Self.countsAtOnce {
            finish(DocumentSearch.countMatches(of: pattern, in: text, keeping: keptMatches), edits: edits)
            return
        }
        countProgress = 0
        onCountChanged?()  // "counting"
        let cancellation = Cancellation(), keeping = keptMatches, interval = countProgressInterval
        counting = cancellation
        Background.run(on: Self.searches, {
            // Told to the main thread a few times a second, not at every block.
            var told = DispatchTime.now().uptimeNanoseconds
            return DocumentSearch.countMatches(of: pattern, in: text, keeping: keeping, isCancelled: { cancellation.isCancelled }) { share in
                let now = DispatchTime.now().uptimeNanoseconds
                guard now - told >= interval else { return }
                told = now
                Background.onMain { [weak self] in
                    guard let self, self.counting === cancellation else { return }
                    self.countProgress = share
                    self.onCountChanged?()
                }
            }
        }, then: { [weak self] found in
            self?.finish(found, edits: edits, pattern: pattern)
        })
    }

    private func finish(_ found: (kept: [Range<Int>], total: Int)?, edits: Int, pattern searched: TextPattern? = nil) {
        if let searched, searched !== pattern { return }
        countProgress = nil
        guard let found, edits == binding.document.editCount else { return }
        counted = Counted(kept: found.kept, total: found.total)
        onCountChanged?()
    }
}
