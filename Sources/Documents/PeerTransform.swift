/// Operational transformation of the user's edits against a peer's edits made to the same text,
/// as collaborative editors do: the user's edits are moved over the peer's insertions and
/// deletions, and the peer's over the user's, so that either order gives one text. A peer's
/// insertion inside the user's text cuts the user's edit in two around it (the peer's text stays).
///
/// Where both replace the same characters (the peer rewrote text the user's edit replaces) the
/// user's edit cannot be carried as it was: it grows to cover both and, applied, makes that span
/// what the user's edit alone would have made of it. Texts are read only then (`touched`).
enum PeerTransform {
    /// A text rebuilt only when asked for: a source read at most once, then edits applied.
    struct LazyText {
        private final class Source {
            let make: () -> TextStorage
            var made: TextStorage?
            init(_ make: @escaping () -> TextStorage) { self.make = make }
        }
        private let source: Source
        private var pending: [Edit] = []

        init(_ make: @escaping () -> TextStorage) { source = Source(make) }

        /// The text with `edits` applied in turn.
        func applying(_ edits: [Edit]) -> LazyText {
            var copy = self
            copy.apply(edits)
            return copy
        }

        /// Applies `edits` in turn (amortized O(1) each while this value is the only one).
        mutating func apply(_ edits: [Edit]) { pending += edits }

        /// The text itself.
        var text: TextStorage {
            let base = source.made ?? source.make()
            source.made = base
            var result = base
            for edit in pending { result.replace(edit.range, with: edit.replacement) }
            return result
        }
    }

    /// The outcome of moving the user's edits across the peer's.
    struct Outcome {
        /// The user's edits as they apply, in turn, after the peer's.
        var user: [Edit]
        /// The peer's edits as they apply, in turn, after the user's.
        var peer: [Edit]
        /// Whether some user edit and peer edit replaced the same characters (the user's grew).
        var touched: Bool
    }

    /// `user` and `peer`, each a list of edits applied in turn to `text`, moved across each other.
    static func transform(_ user: [Edit], over peer: [Edit], text: LazyText) -> Outcome {
        guard let first = user.first, !peer.isEmpty else { return Outcome(user: user, peer: peer, touched: false) }
        if user.count > 1 {
            let head = transform([first], over: peer, text: text)
            let tail = transform(Array(user.dropFirst()), over: head.peer, text: text.applying([first]))
            return Outcome(user: head.user + tail.user, peer: tail.peer, touched: head.touched || tail.touched)
        }
        let pair = transform(first, peer[0], text: text)
        let rest = transform(pair.user, over: Array(peer.dropFirst()), text: text.applying([peer[0]]))
        return Outcome(user: rest.user, peer: pair.peer + rest.peer, touched: pair.touched || rest.touched)
    }

    /// One user edit and one peer edit, both applying to `text`.
    static func transform(_ x: Edit, _ p: Edit, text: LazyText) -> Outcome {
        let xCount = x.insertedCount, pCount = p.insertedCount
        func shifted(_ e: Edit, by delta: Int) -> Edit {
            Edit(range: (e.range.lowerBound + delta)..<(e.range.upperBound + delta), replacement: e.replacement)
        }
        // Apart (touching at most): each moves over the other. At one point, the user's text comes first.
        if x.range.upperBound <= p.range.lowerBound { return Outcome(user: [x], peer: [shifted(p, by: xCount - x.range.count)], touched: false) }
        if p.range.upperBound <= x.range.lowerBound { return Outcome(user: [shifted(x, by: pCount - p.range.count)], peer: [p], touched: false) }
        // The user's insertion lands inside what the peer replaced: after the peer's text, and the
        // peer's edit is cut in two around it.
        if x.range.isEmpty {
            let at = x.range.lowerBound, lower = p.range.lowerBound
            let before = Edit(range: lower..<at, replacement: p.replacement)
            let afterStart = lower + pCount + xCount
            let after = Edit.delete(afterStart..<(afterStart + p.range.upperBound - at))
            return Outcome(user: [.insert(x.replacement, at: lower + pCount)], peer: [before, after], touched: false)
        }
        // The peer's insertion lands inside what the user replaced: the user's edit is cut in two
        // around it, the peer's text stays.
        if p.range.isEmpty {
            let at = p.range.lowerBound, lower = x.range.lowerBound
            let before = Edit(range: lower..<at, replacement: x.replacement)
            let afterStart = lower + xCount + pCount
            let after = Edit.delete(afterStart..<(afterStart + x.range.upperBound - at))
            return Outcome(user: [before, after], peer: [.insert(p.replacement, at: lower + xCount)], touched: false)
        }
        // Both replace some of the same characters: the user's edit takes in the peer's whole span
        // and makes it what the user's edit alone made of it; the peer's edit is taken in.
        let base = text.text
        let lower = min(x.range.lowerBound, p.range.lowerBound), upper = max(x.range.upperBound, p.range.upperBound)
        let replacement = base.substring(lower..<x.range.lowerBound) + x.replacement + base.substring(x.range.upperBound..<upper)
        return Outcome(user: [Edit(range: lower..<(upper + pCount - p.range.count), replacement: replacement)], peer: [], touched: true)
    }
}
