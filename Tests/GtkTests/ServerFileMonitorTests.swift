import Gtk
import XCTest

/// GIO's monitors of files GVfs serves: one where the backend has its own (the trash's), none
/// where GIO would only poll the modification time (a location that is not mounted, or a
/// backend without monitors such as sftp's and ftp's, which the end-to-end tests reach).
final class ServerFileMonitorTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    func testABackendWithItsOwnMonitorGivesOneAndAPollingFallbackGivesNone() throws {
        MainActor.assumeIsolated {
            var trash: ServerFileMonitor??, unmounted: ServerFileMonitor??
            ServerFileMonitor.start("trash:///") { trash = .some($0) }
            ServerFileMonitor.start("ftp://127.0.0.1:9/nothing.txt") { unmounted = .some($0) }
            XCTAssertTrue(MainLoop.run(until: { trash != nil && unmounted != nil }, timeout: 20))
            XCTAssertNotNil(trash ?? nil, "GVfs's trash backend monitors its files itself")
            XCTAssertNil(unmounted ?? nil, "GIO's fallback only polls the time: no monitor")
            (trash ?? nil)?.cancel()
        }
    }
}
