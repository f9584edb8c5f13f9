@testable import Editing
import TestSupport
import XCTest

/// The buffer's states and the transitions between them, without GTK: each transition on its
/// own, and random runs in which a string stands for the buffer and must end as the window's
/// text whatever happened on the way.
final class BufferStateTests: XCTestCase {
    private let change = BufferChange(range: 0..<0, replacement: "a")

    func testAChangeIsMadeAtOnceUnlessAnotherWindowTypedIt() {
        var state = BufferState.current
        XCTAssertEqual(state.windowChanged(change, deferring: false), .apply)
        XCTAssertEqual(state, .current)
        XCTAssertEqual(state.windowChanged(change, deferring: true), .skip)
        XCTAssertEqual(state, .behind([change]))
    }

    func testChangesPutOffQueueInOrderAndAreTakenOnceWhenCatchingUp() {
        var state = BufferState.current
        let second = BufferChange(range: 1..<1, replacement: "b")
        _ = state.windowChanged(change, deferring: true)
        _ = state.windowChanged(second, deferring: true)
        XCTAssertTrue(state.isBehind)
        XCTAssertEqual(state.catchUp(), [change, second])
        XCTAssertEqual(state, .current)
        XCTAssertEqual(state.catchUp(), [])
    }

    func testABufferBehindIsToldToApplyAChangeOfItsOwnAfterCatchingUp() {
        var state = BufferState.behind([change])
        XCTAssertEqual(state.windowChanged(change, deferring: false), .apply)
        XCTAssertTrue(state.isBehind, "the caller catches up first: the changes put off are not lost")
    }

    func testInTheBackgroundTheFirstMissedChangeOrSlideMakesTheBufferStale() {
        var state = BufferState.current
        state.suspend()
        XCTAssertEqual(state, .suspended)
        XCTAssertTrue(state.holdsWindow)
        XCTAssertFalse(state.windowMoved())
        XCTAssertEqual(state, .stale)
        XCTAssertFalse(state.holdsWindow)

        var other = BufferState.suspended
        XCTAssertEqual(other.windowChanged(change, deferring: true), .skip)
        XCTAssertEqual(other, .stale, "nothing is put off in the background")
        XCTAssertEqual(other.catchUp(), [])
    }

    func testComingBackReloadsOnlyAStaleBuffer() {
        var suspended = BufferState.suspended
        XCTAssertFalse(suspended.resume())
        XCTAssertEqual(suspended, .current)
        var stale = BufferState.stale
        XCTAssertTrue(stale.resume())
        XCTAssertEqual(stale, .current)
        var current = BufferState.current
        XCTAssertFalse(current.resume())
        XCTAssertEqual(current, .current)
    }

    func testSuspendingABufferBehindOnChangesLeavesItStaleAndReleasingAlwaysDoes() {
        var behind = BufferState.behind([change])
        behind.suspend()
        XCTAssertEqual(behind, .stale)
        var current = BufferState.current
        XCTAssertTrue(current.release())
        XCTAssertEqual(current, .stale)
        XCTAssertTrue(current.isInBackground)
    }

    /// What catches a buffer up is held while it is behind, and let go however it stops being
    /// behind: caught up, suspended, filled, or turned into a preview.
    func testTheCatchUpIsHeldWhileBehindAndGoesWithIt() {
        final class Token {}
        for leave in 0..<4 {
            var state = BufferState.current
            weak var held: Token?
            _ = state.windowChanged(change, deferring: true) {
                let token = Token()
                held = token
                return token
            }
            XCTAssertNotNil(held, "made as the buffer fell behind")
            _ = state.windowChanged(change, deferring: true) { XCTFail("one catch-up while behind"); return nil }
            switch leave {
            case 0: XCTAssertEqual(state.catchUp().count, 2)
            case 1: state.suspend()
            case 2: state.filled()
            default: state.startStreaming()
            }
            XCTAssertNil(held, "let go with the state (way \(leave))")
            XCTAssertFalse(state.isBehind)
        }
    }

    /// A preview follows no window: never behind, never in the background, never emptied, and
    /// editable again it is current.
    func testAPreviewStreamsUntilEditableAgain() {
        var state = BufferState.behind([change])
        state.startStreaming()
        XCTAssertEqual(state, .streaming)
        XCTAssertTrue(state.isStreaming)
        XCTAssertEqual(state.windowChanged(change, deferring: true), .apply, "a preview is never put behind")
        XCTAssertTrue(state.windowMoved())
        XCTAssertEqual(state.catchUp(), [])
        state.suspend()
        XCTAssertEqual(state, .streaming)
        XCTAssertFalse(state.isInBackground)
        XCTAssertFalse(state.release(), "a preview keeps its text")
        XCTAssertFalse(state.resume())
        state.filled()
        XCTAssertEqual(state, .streaming)
        XCTAssertTrue(state.holdsWindow)
        state.stopStreaming()
        XCTAssertEqual(state, .current)
        state.stopStreaming()
        XCTAssertEqual(state, .current, "only a preview stops streaming")
    }

    func testAFillMakesTheBufferHoldItsWindowInWhateverPlaceItIs() {
        var behind = BufferState.behind([change])
        behind.filled()
        XCTAssertEqual(behind, .current)
        var stale = BufferState.stale
        stale.filled()
        XCTAssertEqual(stale, .suspended)
    }

    /// Random edits (some from another window), slides, fills, trips to the background and
    /// releases, driven through the state as the binding drives it: once the window is back and
    /// caught up, the buffer holds the window's text.
    func testWhateverHappensTheBufferEndsHoldingTheWindowsText() {
        var generator = SplitMix64(testSeed: 300)
        for run in 0..<300 {
            var state = BufferState.current
            var window = "", buffer = "", plan: [String] = []
            for _ in 0..<40 {
                switch Int.random(in: 0..<8, using: &generator) {
                case 0...3:
                    let at = Int.random(in: 0...window.count, using: &generator)
                    let edit = BufferChange(range: at..<min(window.count, at + Int.random(in: 0...2, using: &generator)),
                                            replacement: String("xyz".prefix(Int.random(in: 0...2, using: &generator))))
                    let deferring = Bool.random(using: &generator)
                    plan.append("edit \(edit) deferring \(deferring)")
                    window = Self.applying(edit, to: window)
                    if state.windowChanged(edit, deferring: deferring) == .apply {
                        for pending in state.catchUp() { buffer = Self.applying(pending, to: buffer) }
                        buffer = Self.applying(edit, to: buffer)
                    }
                case 4:
                    plan.append("slide")
                    window = String(window.shuffled(using: &generator))
                    if state.windowMoved() { _ = state.catchUp(); buffer = window }
                case 5:
                    plan.append("suspend")
                    for pending in state.catchUp() { buffer = Self.applying(pending, to: buffer) }
                    state.suspend()
                case 6:
                    plan.append("release")
                    _ = state.release()
                    buffer = ""
                default:
                    plan.append("fill")
                    buffer = window
                    state.filled()
                }
                if state.holdsWindow && !state.isBehind {
                    XCTAssertEqual(buffer, window, "run \(run): the state says the buffer holds its window\n\(plan)")
                }
            }
            if state.resume() { buffer = window }
            for pending in state.catchUp() { buffer = Self.applying(pending, to: buffer) }
            XCTAssertEqual(state, .current)
            XCTAssertEqual(buffer, window, "run \(run)\n\(plan.joined(separator: "\n"))")
        }
    }

    private static func applying(_ change: BufferChange, to text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        scalars.replaceSubrange(change.range, with: change.replacement.unicodeScalars)
        return String(String.UnicodeScalarView(scalars))
    }
}
