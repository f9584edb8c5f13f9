import CGit2

/// How a line differs from the version git holds, as the gutter marks it (Kate's and VS Code's
/// three marks): added, changed, or with lines deleted just below it.
public enum LineChange: Sendable, Equatable {
    case added, changed, deletedBelow
}

/// The lines of a text that differ from a base version (a file's version in git's index): a
/// diff of the two with no context, by libgit2 (git's own algorithm), so the gutter agrees
/// with `git diff`. Blocking: computed off the main thread.
public struct LineChanges: Sendable, Equatable {
    /// Each changed line's mark, by 0-based line number.
    public let marks: [Int: LineChange]

    public init(marks: [Int: LineChange]) { self.marks = marks }

    /// The changes from `base` to `text`.
    public init(base: [UInt8], text: [UInt8]) {
        var options = git_diff_options()
        guard GitIndexVersion.initialized, tandem_git_gutter_diff_options(&options) == 0 else {
            marks = [:]
            return
        }
        var hunks: [git_diff_hunk] = []
        base.withUnsafeBytes { old in
            text.withUnsafeBytes { new in
                withUnsafeMutablePointer(to: &hunks) { found in
                    _ = git_diff_buffers(old.baseAddress, old.count, nil, new.baseAddress, new.count, nil, &options,
                                         nil, nil, { _, hunk, payload in
                                             guard let hunk, let payload else { return 0 }
                                             payload.assumingMemoryBound(to: [git_diff_hunk].self).pointee.append(hunk.pointee)
                                             return 0
                                         }, nil, found)
                }
            }
        }
        var marks: [Int: LineChange] = [:]
        for hunk in hunks {
            let start = Int(hunk.new_start), count = Int(hunk.new_lines)
            if count == 0 {
                // Lines deleted: git numbers the hunk by the line before them (0: at the top).
                marks[max(0, start - 1)] = .deletedBelow
            } else {
                for line in (start - 1)..<(start - 1 + count) { marks[line] = hunk.old_lines == 0 ? .added : .changed }
            }
        }
        self.marks = marks
    }

    /// The first line of the next change after `line` (going round to the top), or nil.
    public func next(after line: Int) -> Int? {
        let starts = changeStarts
        return starts.first { $0 > line } ?? starts.first
    }

    /// The first line of the change before the one `line` is in (going round to the bottom).
    public func previous(before line: Int) -> Int? {
        let starts = changeStarts
        let here = starts.last { $0 <= line && ($0...line).allSatisfy { marks[$0] != nil } } ?? line
        return starts.last { $0 < here } ?? starts.last
    }

    /// Where each run of marked lines starts, in order.
    private var changeStarts: [Int] {
        marks.keys.sorted().filter { marks[$0 - 1] == nil || marks[$0 - 1] != marks[$0] }
    }
}
