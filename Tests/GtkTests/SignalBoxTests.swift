import Gtk
import XCTest

/// Something a signal closure captures, so its lifetime shows the box's.
private final class Canary {}

// XCTest on Linux runs synchronous tests on the main thread, where GTK lives; it cannot
// run @MainActor test classes, so each test enters the main actor explicitly.
final class SignalBoxTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    /// Destroying a widget releases every closure it had, exactly once, and nothing else.
    func testBoxFreedWhenWidgetIsDestroyed() throws {
        MainActor.assumeIsolated {
            let before = SignalBoxes.liveCount
            weak var weakCanary: Canary?
            var calls = 0
            do {
                let canary = Canary()
                weakCanary = canary
                let label = Label("x")
                label.onDestroy { _ = canary; calls += 1 }
                label.onDestroy { calls += 1 }
                XCTAssertEqual(SignalBoxes.liveCount, before + 2)
                label.destroy()
                XCTAssertEqual(calls, 2, "destroy handlers ran once each")
            }
            XCTAssertNil(weakCanary, "the captured object was released with its box")
            XCTAssertEqual(SignalBoxes.liveCount, before, "no box leaked, none released twice")
        }
    }

    /// Disconnecting one handler releases only its box; the widget's other handlers stay.
    func testDisconnectReleasesOneBox() throws {
        MainActor.assumeIsolated {
            let before = SignalBoxes.liveCount
            let label = Label("y")
            var first = 0, second = 0
            let id = label.onDestroy { first += 1 }
            label.onDestroy { second += 1 }
            label.disconnect(id)
            XCTAssertEqual(SignalBoxes.liveCount, before + 1)
            label.destroy()
            XCTAssertEqual(first, 0)
            XCTAssertEqual(second, 1)
            XCTAssertEqual(SignalBoxes.liveCount, before)
        }
    }

    /// GSimpleAction::activate passes a parameter before user_data; the handler still runs.
    func testActionActivationReachesItsHandler() throws {
        MainActor.assumeIsolated {
            var activations = 0
            let action = SimpleAction(name: "probe") { activations += 1 }
            action.activate()
            action.activate()
            XCTAssertEqual(activations, 2)
            action.isEnabled = false
            action.activate()
            XCTAssertEqual(activations, 2, "a disabled action does nothing")
        }
    }

    /// A wrapper dropped by Swift while GTK still holds the widget keeps its handlers alive.
    func testHandlersOutliveTheSwiftWrapper() throws {
        MainActor.assumeIsolated {
            let before = SignalBoxes.liveCount
            let box = Box(vertical: true)
            var destroyed = false
            do {
                let child = Label("child")
                child.onDestroy { destroyed = true }
                box.pack(child)
            }
            XCTAssertEqual(SignalBoxes.liveCount, before + 1)
            box.destroy()
            XCTAssertTrue(destroyed, "the child's handler ran when its parent destroyed it")
            XCTAssertEqual(SignalBoxes.liveCount, before)
        }
    }
}
