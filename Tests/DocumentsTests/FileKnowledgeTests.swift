import XCTest
@testable import Documents

/// Each transition of what a document knows of its file, from the standings it can start in.
final class FileKnowledgeTests: XCTestCase {
    private func stamp(_ n: Int64) -> DiskStamp { DiskStamp(device: 1, inode: 7, size: 10 + n, modified: n) }
    private let tail = FileTail(size: 10)
    private let baseText = TextStorage("the base\n")

    /// A document that was asked about version 2 (saved state 4 before the question).
    private func asked() -> FileKnowledge {
        var file = FileKnowledge()
        file.knew(stamp(1), tail: tail)
        file.asked(about: stamp(2), digest: 0xABCD, known: 4) { self.baseText }
        return file
    }

    func testKnewPutsTheFileInStepAndForgetsEveryQuestion() {
        var file = asked()
        file.knew(stamp(3), tail: tail)
        XCTAssertEqual(file.standing, .inStep)
        XCTAssertEqual(file.stamp, stamp(3))
        XCTAssertEqual(file.tail, tail)
        XCTAssertNil(file.digest)
        XCTAssertNil(file.base)
        XCTAssertNil(file.savedStateBeforeQuestion)
        XCTAssertFalse(file.hasUnseenChange)
    }

    func testKnewKeepsARelaunchNoticeButAdoptingEndsIt() {
        var file = FileKnowledge()
        file.restored(changed: true, notice: "changed while closed")
        file.knew(stamp(1), tail: nil)
        XCTAssertEqual(file.notice, "changed while closed", "a save keeps what the relaunch said")
        file.adopted(stamp(2), tail: nil)
        XCTAssertNil(file.notice)
        XCTAssertEqual(file.standing, .inStep)
        XCTAssertEqual(file.stamp, stamp(2))
    }

    func testAskedKeepsTheFirstQuestionsBase() {
        var file = asked()
        XCTAssertEqual(file.standing, .changed)
        XCTAssertTrue(file.hasUnseenChange)
        XCTAssertEqual(file.stamp, stamp(2))
        XCTAssertEqual(file.digest?.stamp, stamp(2))
        XCTAssertEqual(file.digest?.crc, 0xABCD)
        XCTAssertNil(file.tail, "a modified document does not follow growth")
        XCTAssertEqual(file.base?.string, "the base\n")
        XCTAssertEqual(file.savedStateBeforeQuestion, 4)
        // A second change before the answer: the base and the saved state are the first's.
        file.asked(about: stamp(3), digest: nil, known: 9) { TextStorage("another\n") }
        XCTAssertEqual(file.base?.string, "the base\n")
        XCTAssertEqual(file.savedStateBeforeQuestion, 4)
        XCTAssertEqual(file.stamp, stamp(3))
        XCTAssertNil(file.digest, "the digest is the version asked about, or none")
    }

    func testAskedWithoutASavedStateLeavesTheBaseAMergeTookIn() {
        var file = FileKnowledge()
        file.merged(stamp(1), base: baseText)
        file.asked(about: stamp(2), digest: nil, known: nil) { XCTFail("no state to rebuild"); return nil }
        XCTAssertEqual(file.base?.string, "the base\n")
        XCTAssertNil(file.savedStateBeforeQuestion)
    }

    func testAskedEndsARelaunchNotice() {
        var file = FileKnowledge()
        file.restored(changed: true, notice: "changed while closed")
        file.asked(about: stamp(2), digest: nil, known: 1) { nil }
        XCTAssertNil(file.notice, "a change while Tandem runs is said as such")
    }

    func testHoldsWithdrawsAQuestionOnlyWhenOneStood() {
        var file = asked()
        XCTAssertTrue(file.holds(stamp(5), tail: tail))
        XCTAssertEqual(file.standing, .inStep)
        XCTAssertEqual(file.stamp, stamp(5))
        XCTAssertNil(file.base)

        var quiet = FileKnowledge()
        quiet.knew(stamp(1), tail: nil)
        XCTAssertFalse(quiet.holds(stamp(2), tail: tail))
        XCTAssertEqual(quiet.tail, tail)

        var deleted = FileKnowledge()
        XCTAssertTrue(deleted.deleted())
        XCTAssertFalse(deleted.holds(stamp(2), tail: nil), "a deletion with no change under it was no question")
        XCTAssertEqual(deleted.standing, .inStep)
    }

    func testMovedCarriesTheDigestToTheNewStamp() {
        var file = asked()
        file.moved(to: stamp(6))
        XCTAssertEqual(file.stamp, stamp(6))
        XCTAssertEqual(file.digest?.stamp, stamp(6))
        XCTAssertEqual(file.digest?.crc, 0xABCD)
        XCTAssertEqual(file.standing, .changed, "the same bytes elsewhere answer nothing")
    }

    func testGrewTakesTheNewEndAndForgetTailDropsIt() {
        var file = FileKnowledge()
        file.knew(stamp(1), tail: FileTail(size: 4))
        file.grew(to: stamp(2), tail: tail)
        XCTAssertEqual(file.stamp, stamp(2))
        XCTAssertEqual(file.tail, tail)
        file.forgetTail()
        XCTAssertNil(file.tail)
        XCTAssertEqual(file.stamp, stamp(2))
    }

    func testCameBackGivesTheSavedStateFromBeforeTheQuestion() {
        var file = asked()
        XCTAssertNil(file.savedState, "asked: no state is the file")
        file.cameBack(as: stamp(7), tail: tail) { $0 == 4 }
        XCTAssertEqual(file.savedState, 4, "the state from before the question is the file again")
        XCTAssertEqual(file.standing, .inStep)
        XCTAssertEqual(file.stamp, stamp(7))
        XCTAssertEqual(file.digest?.stamp, stamp(7), "still told by its bytes")
        XCTAssertEqual(file.base?.string, "the base\n", "the version back is the base's: the next merge's")
        XCTAssertNil(file.savedStateBeforeQuestion)
    }

    func testRefusedIsSaidOncePerProblem() {
        var file = FileKnowledge()
        file.knew(stamp(1), tail: tail)
        XCTAssertTrue(file.refused("not text"))
        XCTAssertEqual(file.standing, .unreadable("not text"))
        XCTAssertEqual(file.problem, "not text")
        XCTAssertTrue(file.hasUnseenChange)
        XCTAssertEqual(file.stamp, stamp(1), "the version known stays the last readable one")
        XCTAssertFalse(file.refused("not text"))
        XCTAssertTrue(file.refused("cannot be read"))
        XCTAssertEqual(file.problem, "cannot be read")
    }

    func testDeletedAfterAMergeKeepsTheVersionItTookIn() {
        var file = FileKnowledge()
        file.merged(stamp(1), base: baseText)
        XCTAssertTrue(file.deleted())
        XCTAssertEqual(file.base?.string, "the base\n", "no state of the history holds it")
        file.cameBack(as: stamp(2), tail: nil) { _ in true }
        XCTAssertNil(file.savedState, "no state was the file before the deletion")
        XCTAssertEqual(file.standing, .inStep)
        XCTAssertEqual(file.base?.string, "the base\n")
    }

    func testDeletedRemembersTheSavedStateOnlyFromAVersionKnown() {
        var clean = FileKnowledge()
        clean.knew(stamp(1), tail: tail)
        clean.holds(state: 3)
        XCTAssertTrue(clean.deleted())
        XCTAssertNil(clean.savedState, "nothing on disk is the text")
        XCTAssertEqual(clean.standing, .deleted(afterChange: false))
        XCTAssertTrue(clean.isDeleted)
        XCTAssertFalse(clean.hasUnseenChange, "Save recreates the file without asking")
        XCTAssertEqual(clean.savedStateBeforeQuestion, 3)
        XCTAssertNil(clean.stamp)
        XCTAssertNil(clean.tail)
        clean.holds(state: 8)
        XCTAssertFalse(clean.deleted(), "gone already")
        XCTAssertEqual(clean.savedStateBeforeQuestion, 3)

        var questioned = asked()
        XCTAssertTrue(questioned.deleted())
        XCTAssertEqual(questioned.standing, .deleted(afterChange: true))
        XCTAssertTrue(questioned.hasUnseenChange)
        XCTAssertEqual(questioned.savedStateBeforeQuestion, 4, "the question's, not the state after it")
        XCTAssertEqual(questioned.base?.string, "the base\n", "what tells the version known if it comes back")
        XCTAssertEqual(questioned.digest?.crc, 0xABCD, "the version asked about may come back")

        var unreadable = FileKnowledge()
        _ = unreadable.refused("not text")
        unreadable.holds(state: 2)
        XCTAssertTrue(unreadable.deleted())
        XCTAssertEqual(unreadable.standing, .deleted(afterChange: false))
        XCTAssertEqual(unreadable.savedStateBeforeQuestion, 2)
        XCTAssertNil(unreadable.problem)
    }

    func testKeptMineCountsTheVersionAskedAboutAsSeen() {
        var file = asked()
        file.keptMine(seen: nil)
        XCTAssertEqual(file.standing, .inStep)
        XCTAssertEqual(file.stamp, stamp(2))
        XCTAssertNil(file.base, "the version now is one the document never held")
        XCTAssertEqual(file.digest?.crc, 0xABCD, "it is told by its bytes from now on")

        var fromSave = asked()
        fromSave.keptMine(seen: .some(stamp(9)))
        XCTAssertEqual(fromSave.stamp, stamp(9))
        var gone = asked()
        gone.keptMine(seen: .some(nil))
        XCTAssertNil(gone.stamp)

        var deleted = asked()
        _ = deleted.deleted()
        deleted.keptMine(seen: nil)
        XCTAssertEqual(deleted.standing, .deleted(afterChange: false), "still gone, no longer asked")
    }

    func testANewDocumentIsItsFileAtTheFirstStateUntilToldOtherwise() {
        var file = FileKnowledge()
        XCTAssertEqual(file.savedState, 0)
        file.holds(state: 12)
        XCTAssertEqual(file.savedState, 12)
        file.knew(stamp(1), tail: tail)
        XCTAssertEqual(file.savedState, 12, "a version known says nothing of the history")
        file.holdsNoState()
        XCTAssertNil(file.savedState)
        file.holds(state: nil)
        XCTAssertNil(file.savedState)
    }

    func testCameBackLeavesNoSavedStateTheHistoryDropped() {
        var file = asked()
        file.cameBack(as: stamp(7), tail: tail) { _ in false }
        XCTAssertNil(file.savedState, "state 4 is no longer in the history")
        XCTAssertEqual(file.standing, .inStep)
    }

    func testMergedKeepsTheFileTextAsTheNextBase() {
        var file = asked()
        file.holds(state: 5)
        file.merged(stamp(3), base: TextStorage("theirs\n"))
        XCTAssertNil(file.savedState, "the merge is not the file")
        XCTAssertEqual(file.standing, .inStep)
        XCTAssertEqual(file.stamp, stamp(3))
        XCTAssertEqual(file.base?.string, "theirs\n")
        XCTAssertNil(file.digest)
        XCTAssertNil(file.tail)
        XCTAssertNil(file.savedStateBeforeQuestion)
    }

    func testARelaunchFindsTheFileThenSaysWhetherItChanged() {
        var file = FileKnowledge()
        file.found(stamp(1), tail: tail, digest: 4)
        XCTAssertEqual(file.digest?.crc, 4, "the bytes found tell that version from a same-stamp rewrite")
        file.restored(changed: false, digest: 5, notice: "unused")
        XCTAssertEqual(file.standing, .inStep)
        XCTAssertNil(file.notice)
        XCTAssertEqual(file.digest?.crc, 4)

        file.restored(changed: true, digest: 5, notice: "changed while closed")
        XCTAssertEqual(file.standing, .changed)
        XCTAssertEqual(file.notice, "changed while closed")
        XCTAssertEqual(file.digest?.stamp, stamp(1))
        XCTAssertEqual(file.digest?.crc, 5)

        var missing = FileKnowledge()
        missing.found(nil, tail: nil, digest: 4)
        missing.restored(changed: true, digest: 5, notice: "n")
        XCTAssertNil(missing.digest, "no version, no digest of it")
    }

    func testKeepBaseAndTellChangeOnlyTheirOwnPart() {
        var file = asked()
        file.keepBase(TextStorage("rebuilt\n"))
        file.tell("merged while closed")
        XCTAssertEqual(file.base?.string, "rebuilt\n")
        XCTAssertEqual(file.notice, "merged while closed")
        XCTAssertEqual(file.standing, .changed)
        XCTAssertEqual(file.stamp, stamp(2))
    }
}
