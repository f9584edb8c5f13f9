import FoundationEssentials
import TestSupport
import XCTest
@testable import Documents

/// The undo history carried across a peer's edits: undo takes back only the user's edits.
final class PeerUndoTests: XCTestCase {
    /// A text and its history, edited by the user and by a peer.
    struct Session {
        var text: TextStorage
        var history = UndoHistory()

        init(_ text: String) { self.text = TextStorage(text) }

        mutating func user(_ edit: Edit) {
            let removed = text.substring(edit.range)
            text.replace(edit.range, with: edit.replacement)
            history.record(edit, removed: removed)
            history.seal()
        }

        /// Whether some step of the history and the peer replaced the same characters.
        var touched = false

        mutating func peer(_ edits: [Edit]) {
            if history.carry(across: edits, from: text) { touched = true }
            for edit in edits { text.replace(edit.range, with: edit.replacement) }
        }

        @discardableResult
        mutating func undo() -> Bool {
            guard let edits = history.popUndo() else { return false }
            for edit in edits { text.replace(edit.range, with: edit.replacement) }
            return true
        }

        @discardableResult
        mutating func redo() -> Bool {
            guard let edits = history.popRedo() else { return false }
            for edit in edits { text.replace(edit.range, with: edit.replacement) }
            return true
        }
    }

    func testAnAppendAfterADeletedLineKeepsTheLineOneUndoAway() {
        var s = Session("one\ntwo\nthree\n")
        s.user(.delete(4..<8))  // "two\n"
        s.peer([.insert("four\n", at: 10)])
        XCTAssertEqual(s.text.string, "one\nthree\nfour\n")
        XCTAssertTrue(s.undo())
        XCTAssertEqual(s.text.string, "one\ntwo\nthree\nfour\n")
        XCTAssertTrue(s.redo())
        XCTAssertEqual(s.text.string, "one\nthree\nfour\n")
    }

    func testUndoTakesBackTypingAndLeavesThePeersTextBeforeAndAfterIt() {
        var s = Session("alpha beta")
        s.user(.insert("X", at: 6))          // alpha Xbeta
        s.user(.insert("Y", at: 0))          // Yalpha Xbeta
        s.peer([.insert(">> ", at: 1), .insert(" <<", at: 15)])  // Y>> alpha Xbeta <<
        XCTAssertEqual(s.text.string, "Y>> alpha Xbeta <<")
        s.undo()
        XCTAssertEqual(s.text.string, ">> alpha Xbeta <<")
        s.undo()
        XCTAssertEqual(s.text.string, ">> alpha beta <<")
        XCTAssertFalse(s.history.canUndo)
        s.redo(); s.redo()
        XCTAssertEqual(s.text.string, "Y>> alpha Xbeta <<")
    }

    func testUndoneStepsAreCarriedToo() {
        var s = Session("abc")
        s.user(.insert("123", at: 3))  // abc123
        s.undo()                       // abc, with "123" to redo
        s.peer([.insert("zz", at: 0)])
        XCTAssertEqual(s.text.string, "zzabc")
        s.redo()
        XCTAssertEqual(s.text.string, "zzabc123")
        s.undo()
        XCTAssertEqual(s.text.string, "zzabc")
    }

    func testAPeerDeletionAroundWhereTheUserDeletedKeepsBoth() {
        var s = Session("0123456789")
        s.user(.delete(4..<6))        // 01236789
        s.peer([.delete(2..<6)])      // the peer deletes "2367" across where "45" was: 0189
        XCTAssertEqual(s.text.string, "0189")
        s.undo()
        XCTAssertEqual(s.text.string, "0145" + "89")
    }

    func testAStepWhoseTextThePeerRewroteRestoresWhatTheUserHad() {
        var s = Session("hello world")
        s.user(.insert("big ", at: 6))    // hello big world
        s.peer([Edit(range: 8..<11, replacement: "G WIDE")])  // the peer rewrote "g w" inside: hello biG WIDEorld
        XCTAssertEqual(s.text.string, "hello biG WIDEorld")
        s.undo()
        // The span both touched becomes what the user had before the step.
        XCTAssertEqual(s.text.string, "hello world")
        s.redo()
        XCTAssertEqual(s.text.string, "hello biG WIDEorld")
    }

    func testAPeersInsertionInsideTypedTextStaysThroughUndoAndRedo() {
        var s = Session("ab")
        s.user(.insert("WORD", at: 1))       // aWORDb
        s.peer([.insert("+", at: 3)])          // aWO+RDb
        s.undo()
        XCTAssertEqual(s.text.string, "a+b")
        s.redo()
        XCTAssertEqual(s.text.string, "aWO+RDb")
    }

    func testAReplacedSelectionUndoesAroundThePeersEdit() {
        var s = Session("one two three")
        s.user(Edit(range: 4..<7, replacement: "2"))  // one 2 three
        s.peer([Edit(range: 6..<11, replacement: "3")]) // one 2 3
        XCTAssertEqual(s.text.string, "one 2 3")
        s.undo()
        XCTAssertEqual(s.text.string, "one two 3")
    }

    /// Property: random edits of the user's and of a peer (which inserts anywhere but never
    /// replaces the user's text), then undo everything: the user's text is gone, what the user deleted is
    /// back, and the peer's edits are all still there; redo everything gives the text back. (A peer
    /// may still rewrite text that a step undone would replace: those sessions check the rest.)
    func testUndoAllLeavesExactlyThePeersEdits() {
        var exact = 0
        for seed in 1...1000 {
            var rng = SplitMix64(testSeed: UInt64(seed))
            if checkRandomSession(&rng, seed: seed) { exact += 1 }
        }
        XCTAssertGreaterThan(exact, 950, "sessions where no step and the peer replaced the same text")
    }

    /// Returns whether the session was checked exactly (no step touched the peer's text).
    private func checkRandomSession(_ rng: inout SplitMix64, seed: Int) -> Bool {
        // Every character is unique: where it came from is its range of scalars.
        var nextOriginal = 0x4E00, nextUser = 0xAC00, nextPeer = 0x3400
        func fresh(_ next: inout Int, _ count: Int) -> [Unicode.Scalar] {
            defer { next += count }
            return (next..<(next + count)).map { Unicode.Scalar($0)! }
        }
        func isUser(_ c: Unicode.Scalar) -> Bool { (0xAC00..<0xD7A0).contains(c.value) }
        func isPeer(_ c: Unicode.Scalar) -> Bool { (0x3400..<0x4DB0).contains(c.value) }
        let original = fresh(&nextOriginal, 5 + rng.next(30))
        var s = Session(String(String.UnicodeScalarView(original)))
        var peerDeleted = Set<Unicode.Scalar>(), peerInserted = Set<Unicode.Scalar>()
        var log: [String] = []
        for _ in 0..<(5 + rng.next(40)) {
            let scalars = Array(s.text.string.unicodeScalars)
            switch rng.next(10) {
            case 0..<4:
                let at = rng.next(scalars.count + 1), length = rng.next(4) == 0 ? min(rng.next(4), scalars.count - at) : 0
                let edit = Edit(range: at..<(at + length), replacement: String(String.UnicodeScalarView(fresh(&nextUser, rng.next(4)))))
                if edit.range.isEmpty && edit.replacement.isEmpty { continue }
                log.append("user \(edit)"); s.user(edit)
            case 4: log.append("undo"); s.undo()
            case 5: log.append("redo"); s.redo()
            default:
                // The peer: an insertion anywhere, or a span of no user character.
                let at = rng.next(scalars.count + 1), length = rng.next(3) == 0 ? 0 : min(rng.next(5), scalars.count - at)
                let span = scalars[at..<(at + length)]
                if span.contains(where: isUser) { continue }
                let inserted = fresh(&nextPeer, rng.next(3) == 0 ? 0 : 1 + rng.next(3))
                if span.isEmpty && inserted.isEmpty { continue }
                peerDeleted.formUnion(span); peerInserted.formUnion(inserted)
                let edit = Edit(range: at..<(at + length), replacement: String(String.UnicodeScalarView(inserted)))
                log.append("peer \(edit)"); s.peer([edit])
            }
        }
        let beforeUndo = Array(s.text.string.unicodeScalars)
        var undone = 0
        while s.undo() { undone += 1 }
        let after = Array(s.text.string.unicodeScalars)
        let context = "seed \(seed): \(log)"
        XCTAssertFalse(after.contains(where: isUser), "user text left after undo all, \(context)")
        defer {
            for _ in 0..<undone { s.redo() }
            XCTAssertEqual(Array(s.text.string.unicodeScalars), beforeUndo, "redo all, \(context)")
        }
        guard !s.touched else { return false }
        XCTAssertEqual(Set(after), Set(original).union(peerInserted).subtracting(peerDeleted), context)
        XCTAssertEqual(after.filter { !isPeer($0) }, original.filter { !peerDeleted.contains($0) }, context)
        // Undo never moves the text it does not take away or bring back.
        let kept = Set(beforeUndo).intersection(after)
        XCTAssertEqual(after.filter(kept.contains), beforeUndo.filter(kept.contains), context)
        return true
    }
}
