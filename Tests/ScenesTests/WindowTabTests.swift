import Foundation
import XCTest
@testable import Scenes

/// Tab placement in records (the tabs themselves are checked with real windows in
/// `WindowSceneLifecycleTests`: one GApplication per test process).
final class WindowTabTests: XCTestCase {
    /// A record from before windows had tabs has none; an absurd place is dropped.
    func testTabPlacementInRecordsIsOptionalAndSane() throws {
        let old = #"{"version":1,"windowWidth":500,"isMaximized":false,"isFullscreen":false}"#
        let decoded = try JSONDecoder().decode(RestorationRecord.self, from: Data(old.utf8))
        XCTAssertNil(decoded.tab)
        var record = RestorationRecord(windowWidth: 500)
        record.tab = TabPlacement(group: UUID(), index: 2, isSelected: true)
        let back = try JSONDecoder().decode(RestorationRecord.self, from: JSONEncoder().encode(record))
        XCTAssertEqual(back.tab, record.tab)
        record.tab?.index = -4
        XCTAssertNil(record.sanitized.tab)
        let garbled = #"{"version":1,"tab":{"group":"not a uuid","index":"x"}}"#
        XCTAssertNil(try JSONDecoder().decode(RestorationRecord.self, from: Data(garbled.utf8)).tab, "a tab that cannot be read is no tab")
    }
}
