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

    /// A tab from before split views is on the left, its side's focus where it was shown; a side
    /// out of range is the nearest one; a split placement survives the round trip.
    func testSplitSideInRecordsDefaultsToTheLeft() throws {
        let group = UUID()
        let old = #"{"version":1,"tab":{"group":"\#(group.uuidString)","index":1,"isSelected":true}}"#
        let tab = try XCTUnwrap(JSONDecoder().decode(RestorationRecord.self, from: Data(old.utf8)).tab)
        XCTAssertEqual(tab, TabPlacement(group: group, index: 1, isSelected: true, side: 0, isFront: true))
        let far = #"{"version":1,"tab":{"group":"\#(group.uuidString)","index":0,"isSelected":false,"side":7,"splitPosition":-40}}"#
        let farTab = try JSONDecoder().decode(RestorationRecord.self, from: Data(far.utf8)).tab
        XCTAssertEqual(farTab?.side, 1)
        XCTAssertNil(farTab?.splitPosition, "a handle off every screen is dropped")
        var record = RestorationRecord(windowWidth: 500)
        record.tab = TabPlacement(group: group, index: 0, isSelected: true, side: 1, isFront: false, splitPosition: 420)
        XCTAssertEqual(try JSONDecoder().decode(RestorationRecord.self, from: JSONEncoder().encode(record)).tab, record.tab)
    }
}
