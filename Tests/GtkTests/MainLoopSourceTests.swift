@testable import Gtk
import XCTest

/// Something a source's closure captures, so its lifetime shows the box's.
private final class Marker {}

/// Idle and timer sources: GLib's end of a source is what the wrapper believes, and a signal
/// connection checks its trampoline against the signal's real shape.
final class MainLoopSourceTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    /// A source that ended by itself is known to be gone: its callback is released at once,
    /// and cancelling it later removes nothing (its id may belong to another source by then).
    func testASourceThatEndedIsNeverRemovedAgain() {
        MainActor.assumeIsolated {
            weak var weakMarker: Marker?
            var steps = 0
            let source: IdleSource
            do {
                let marker = Marker()
                weakMarker = marker
                source = IdleSource(priority: 0) { _ = marker; steps += 1; return steps < 3 }
            }
            XCTAssertTrue(source.isActive)
            XCTAssertTrue(MainLoop.run(until: { !source.isActive }, timeout: 2))
            XCTAssertEqual(steps, 3)
            XCTAssertNil(weakMarker, "GLib's destroy notify released the callback")
            var otherTicks = 0
            let other = TimerSource(milliseconds: 1) { otherTicks += 1; return true }
            source.cancel()
            XCTAssertTrue(other.isActive, "cancelling an ended source leaves other sources alone")
            XCTAssertTrue(MainLoop.run(until: { otherTicks > 2 }, timeout: 2))
            other.cancel()
            XCTAssertFalse(other.isActive)
        }
    }

    /// The shapes GLib reports are the ones the trampolines are written for.
    func testSignalShapesComeFromGLib() {
        MainActor.assumeIsolated {
            let buffer = SourceBuffer()
            XCTAssertEqual(SignalShape.of("insert-text", on: buffer.raw), SignalShape(arguments: 3))
            XCTAssertEqual(SignalShape.of("delete-range", on: buffer.raw), SignalShape(arguments: 2))
            XCTAssertEqual(SignalShape.of("notify::text", on: buffer.raw), SignalShape(arguments: 1))
            XCTAssertNil(SignalShape.of("no-such-signal", on: buffer.raw))
            let label = Label("z")
            XCTAssertEqual(SignalShape.of("button-press-event", on: label.raw), SignalShape(arguments: 1, returnsValue: true))
            XCTAssertNotEqual(SignalShape.of("destroy", on: label.raw), SignalShape(arguments: 1),
                              "a one-argument trampoline on destroy would be refused")
        }
    }
}
