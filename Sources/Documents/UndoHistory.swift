import FoundationEssentials

/// A document's undo and redo stacks, with typing grouped into word-sized steps as gedit does.
public struct UndoHistory: Sendable {
    /// One applied edit with what it removed, so it can be inverted.
    struct Record: Sendable {
        var edit: Edit
        var removed: String
        var inverse: Edit { Edit(range: edit.range.lowerBound..<(edit.range.lowerBound + edit.insertedCount), replacement: removed) }
        /// About what the record weighs in memory and in the journal.
        var size: Int { 32 + edit.replacement.utf8.count + removed.utf8.count }
    }

    /// Edits undone together, in the order they were applied.
    struct Group: Sendable {
        var records: [Record]
        var time: Date
        /// The text before and after the step, for a step of many edits made at once (a save's
        /// formatting): undo and redo then take the text whole instead of edit by edit. Not journaled.
        var texts: (before: TextStorage, after: TextStorage)?
    }

    var undoStack: [Group] = []
    var redoStack: [Group] = []
    private var sealed = true
    /// How many groups are kept; older ones are dropped.
    public var limit = 10_000
    /// How many bytes of edits the history keeps at most (undo and redo together); the oldest
    /// steps are dropped past it, so a huge paste cannot make the history (and its journal) huge.
    public var byteLimit = 64 << 20
    /// What the records of both stacks weigh (`Record.size`).
    var bytes = 0

    /// Creates an empty history.
    public init() {}

    /// Whether there is something to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is something to redo.
    public var canRedo: Bool { !redoStack.isEmpty }
    private var compoundDepth = 0
    private var compoundHasGroup = false
    var nextGroupID = 1
    var groupIDs: [Int] = []
    var redoIDs: [Int] = []
    /// The state before the oldest step kept (nil: not known, as for a history read back after
    /// older steps were dropped); undoing everything leads there.
    var floorStateID: Int? = 0

    /// The id of the state the text is in now: equal ids mean equal text.
    public var stateID: Int { groupIDs.last ?? 0 }

    /// The id of the state before the last step (nil: not known), where an undo of it leads.
    var stateBeforeLastStep: Int? {
        groupIDs.count >= 2 ? groupIDs[groupIDs.count - 2] : groupIDs.isEmpty ? nil : floorStateID
    }

    /// The states before and after the step that made a line too long to lay out (a paste), so
    /// an undo back before it lifts the long lines' reason and a redo brings it back.
    var longLineStep: (before: Int?, after: Int)?

    /// Whether a compound step is open (`beginCompound` not yet ended).
    var isInCompound: Bool { compoundDepth > 0 }

    /// Ends the current group: the next edit starts a new undo step.
    public mutating func seal() { sealed = true }

    /// Starts a compound step (a paste, a replaced selection): every edit until the matching
    /// `endCompound` is undone together.
    public mutating func beginCompound() {
        if compoundDepth == 0 { compoundHasGroup = false }
        compoundDepth += 1
    }

    /// Ends a compound step.
    public mutating func endCompound() {
        compoundDepth = max(0, compoundDepth - 1)
    }

    /// Records an applied edit (with the text it removed), merging it into the current step
    /// when it continues the same word being typed or erased. Returns whether it merged (the
    /// journal keeps that, so a replay groups steps as they were).
    @discardableResult
    public mutating func record(_ edit: Edit, removed: String, now: Date = Date()) -> Bool {
        let record = Record(edit: edit, removed: removed)
        let joinCompound = compoundDepth > 0 && compoundHasGroup
        let merges = !undoStack.isEmpty && (joinCompound || (!sealed && Self.continues(undoStack[undoStack.count - 1], with: record, now: now)))
        add(record, merged: merges, now: now)
        return merges
    }

    /// Records many edits made at once (`records` in the order they count as applied, weighing
    /// `bytes`) as a step of its own, with the texts before and after it.
    mutating func recordTogether(_ records: [Record], bytes: Int, before: TextStorage, after: TextStorage, now: Date = Date()) {
        guard !records.isEmpty else { return }
        clearRedo()
        self.bytes += bytes
        // The records move into the group whole: a copy would retain each one on the main thread.
        undoStack.append(Group(records: records, time: now, texts: (before, after)))
        groupIDs.append(nextGroupID)
        nextGroupID += 1
        dropOldSteps()
        sealed = true
    }

    /// The text before the step `popUndo` would undo, when the step kept it.
    var textBeforeUndo: TextStorage? { undoStack.last?.texts?.before }
    /// The text after the step `popRedo` would redo, when the step kept it.
    var textAfterRedo: TextStorage? { redoStack.last?.texts?.after }

    /// Records an edit read back from the journal, grouped as it was when it was made.
    mutating func replay(_ edit: Edit, removed: String, merged: Bool) {
        add(Record(edit: edit, removed: removed), merged: merged && !undoStack.isEmpty, now: .distantPast)
    }

    private mutating func clearRedo() {
        guard !redoStack.isEmpty else { return }
        bytes -= redoStack.reduce(0) { sum, group in group.records.reduce(sum) { $0 + $1.size } }
        redoStack.removeAll()
        redoIDs.removeAll()
    }

    private mutating func add(_ record: Record, merged: Bool, now: Date) {
        clearRedo()
        bytes += record.size
        if merged {
            undoStack[undoStack.count - 1].records.append(record)
            undoStack[undoStack.count - 1].time = now
        } else {
            undoStack.append(Group(records: [record], time: now))
            groupIDs.append(nextGroupID)
            nextGroupID += 1
        }
        dropOldSteps()
        sealed = false
        if compoundDepth > 0 { compoundHasGroup = true }
    }

    private mutating func dropOldSteps() {
        // Never the step just made: a single edit over the limit still undoes.
        while undoStack.count > 1 && (undoStack.count > limit || bytes > byteLimit) {
            bytes -= undoStack.removeFirst().records.reduce(0) { $0 + $1.size }
            floorStateID = groupIDs.removeFirst()
        }
    }

    /// Pops the last step and returns the edits that undo it, in the order to apply them.
    public mutating func popUndo() -> [Edit]? {
        guard let group = undoStack.popLast(), let id = groupIDs.popLast() else { return nil }
        redoStack.append(group)
        redoIDs.append(id)
        sealed = true
        return group.records.reversed().map(\.inverse)
    }

    /// Pops the last undone step and returns the edits that redo it.
    public mutating func popRedo() -> [Edit]? {
        guard let group = redoStack.popLast(), let id = redoIDs.popLast() else { return nil }
        undoStack.append(group)
        groupIDs.append(id)
        sealed = true
        return group.records.map(\.edit)
    }

    /// Forgets everything (after a reload from disk).
    public mutating func clear() {
        undoStack.removeAll(); redoStack.removeAll(); groupIDs.removeAll(); redoIDs.removeAll()
        floorStateID = 0
        longLineStep = nil
        bytes = 0
        sealed = true
    }

    /// Typing a word, or erasing one with Backspace or Delete, is one step; a space after a
    /// word, a newline, a jump elsewhere or a pause over a second starts the next one. A
    /// newline's step goes on with its line's indentation (however wide) and what is typed after.
    private static func continues(_ group: Group, with next: Record, now: Date) -> Bool {
        guard now.timeIntervalSince(group.time) < 1, let last = group.records.last else { return false }
        let a = last.edit, b = next.edit
        if a.range.isEmpty, b.range.isEmpty, a.insertedCount == 1 || isSpace(a.replacement),
           b.insertedCount == 1 || (a.replacement == "\n" && isSpace(b.replacement)) {
            // Typing forward: the new text lands right after the last (a key, or the indentation
            // GtkSourceView puts after a newline).
            guard b.range.lowerBound == a.range.lowerBound + a.insertedCount else { return false }
            return !(isSpace(b.replacement) && !isSpace(a.replacement)) && b.replacement != "\n"
        }
        if a.replacement.isEmpty, b.replacement.isEmpty, a.range.count == 1, b.range.count == 1 {
            // Backspace (moving left) or Delete (staying put), one character at a time.
            guard b.range.upperBound == a.range.lowerBound || b.range.lowerBound == a.range.lowerBound else { return false }
            return isSpace(next.removed) == isSpace(last.removed)
        }
        return false
    }

    private static func isSpace(_ s: String) -> Bool { s.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
}
