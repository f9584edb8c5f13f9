import Foundation
import XCTest
@testable import Tandem

/// Where the user was in closed files: kept newest last, bounded, and a damaged file is skipped.
final class RecentPlacesTests: XCTestCase {
    func testPlacesAreKeptBoundedAndSurviveAReload() throws {
        let folder = NSTemporaryDirectory() + "tandem-places-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try MainActor.assumeIsolated {
            try Data("\0 not json".utf8).write(to: URL(fileURLWithPath: folder + "/places.json"))
            let damaged = RecentPlaces(folder: folder)
            XCTAssertNil(damaged.place(for: "/a"), "a damaged file is skipped")
            for index in 0...RecentPlaces.limit {
                damaged.remember(.init(path: "/file\(index)", caretLine: index, caretColumn: 1, topLine: nil, zoom: nil))
            }
            damaged.remember(.init(path: "/file5", caretLine: 50, caretColumn: 2, topLine: 40, zoom: 1.21))
            damaged.waitUntilWritten()
            let reloaded = RecentPlaces(folder: folder)
            XCTAssertNil(reloaded.place(for: "/file0"), "the oldest is dropped past the limit")
            XCTAssertEqual(reloaded.place(for: "/file1")?.caretLine, 1)
            XCTAssertEqual(reloaded.place(for: "/file5"), .init(path: "/file5", caretLine: 50, caretColumn: 2, topLine: 40, zoom: 1.21))
            let mode = try FileManager.default.attributesOfItem(atPath: folder + "/places.json")[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600)
        }
    }
}
