import Dispatch
import Gtk
import XCTest

// XCTest on Linux runs synchronous tests on the main thread, where GTK lives; it cannot
// run @MainActor test classes, so each test enters the main actor explicitly.
final class MainQueueBridgeTests: XCTestCase {
    @MainActor static var received = 0

    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    /// A main-actor task and a DispatchQueue.main block both run while only GLib's loop spins.
    func testMainActorTaskRunsUnderGLibLoop() throws {
        MainActor.assumeIsolated {
            var taskRan = false, dispatchRan = false
            Task { @MainActor in taskRan = true }
            DispatchQueue.main.async { dispatchRan = true }
            // Spinning g_main_context_iteration is the only thing that can run them here.
            XCTAssertTrue(MainLoop.run(until: { taskRan && dispatchRan }, timeout: 5))
        }
    }

    /// Work queued from another thread wakes the GLib loop through the eventfd.
    func testWorkFromAnotherThreadArrives() throws {
        MainActor.assumeIsolated {
            Self.received = 0
            DispatchQueue.global().async {
                DispatchQueue.main.async { MainActor.assumeIsolated { Self.received = 42 } }
            }
            XCTAssertTrue(MainLoop.run(until: { Self.received == 42 }, timeout: 5))
        }
    }
}
