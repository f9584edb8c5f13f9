import FoundationEssentials

/// The undo history as bytes, for the journal: what a compacted journal starts from.
extension UndoHistory {
    /// The history's groups and ids (times are not kept: a restored history starts a new step).
    func encoded() -> [UInt8] {
        var out = ByteWriter()
        out.int(nextGroupID)
        for (stack, ids) in [(undoStack, groupIDs), (redoStack, redoIDs)] {
            out.int(stack.count)
            for (group, id) in zip(stack, ids) {
                out.int(id)
                out.int(group.records.count)
                for record in group.records {
                    out.int(record.edit.range.lowerBound)
                    out.int(record.edit.range.upperBound)
                    out.string(record.edit.replacement)
                    out.string(record.removed)
                }
            }
        }
        // The state undoing everything leads to (0: not known). Written last, so journals from
        // before it was kept still read; their floor is inferred from the ids below.
        out.int(floorStateID.map { $0 + 1 } ?? 0)
        return out.bytes
    }

    /// A history read back from `encoded()`, or nil when the bytes are not one.
    init?(encoded bytes: ArraySlice<UInt8>) {
        self.init()
        var input = ByteReader(bytes)
        guard let next = input.count() else { return nil }
        var stacks: [([Group], [Int])] = []
        for _ in 0..<2 {
            guard let groupCount = input.count(), groupCount <= input.remaining else { return nil }
            var groups: [Group] = [], ids: [Int] = []
            for _ in 0..<groupCount {
                guard let id = input.count(), id < next, let recordCount = input.count(), recordCount > 0,
                      recordCount <= input.remaining else { return nil }
                var records: [Record] = []
                for _ in 0..<recordCount {
                    guard let lower = input.count(), let upper = input.count(), lower <= upper,
                          let replacement = input.string(), let removed = input.string() else { return nil }
                    records.append(Record(edit: Edit(range: lower..<upper, replacement: replacement), removed: removed))
                }
                groups.append(Group(records: records, time: .distantPast))
                ids.append(id)
            }
            stacks.append((groups, ids))
        }
        var floor: Int?? = nil  // nil: an older journal that did not say
        if !input.isAtEnd {
            guard let stored = input.count(), stored <= next else { return nil }
            floor = .some(stored == 0 ? nil : stored - 1)
        }
        guard input.isAtEnd else { return nil }
        nextGroupID = next
        (undoStack, groupIDs) = stacks[0]
        (redoStack, redoIDs) = stacks[1]
        // Without the floor written down: ids count up from 1, so a history whose oldest step is
        // not the first lost older ones (or had them undone and replaced: the floor is then lost
        // with them, and Merge after a relaunch would have no base).
        floorStateID = floor ?? ((groupIDs.first ?? redoIDs.last ?? 1) == 1 ? 0 : nil)
        self.bytes = (undoStack + redoStack).reduce(0) { sum, group in group.records.reduce(sum) { $0 + $1.size } }
    }
}
