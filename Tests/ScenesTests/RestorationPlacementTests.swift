import Foundation
@testable import Scenes
import XCTest

/// Where a window goes back to: a position only X11 saved, only on X11, and never off-screen.
final class RestorationPlacementTests: XCTestCase {
    private let screen: [RestorationRecord.ScreenArea] = [(x: 0, y: 0, width: 1600, height: 1000)]

    func testAPlaceSavedOnX11ComesBackOnX11Only() {
        let record = RestorationRecord(windowWidth: 800, windowHeight: 600, windowX: 310, windowY: 220, backend: "x11")
        XCTAssertEqual(record.position(canPlace: true, areas: screen).map { [$0.x, $0.y] }, [310, 220])
        XCTAssertNil(record.position(canPlace: false, areas: screen), "on Wayland the compositor places windows")
    }

    func testAPlaceSavedOnWaylandIsNeverApplied() {
        let record = RestorationRecord(windowWidth: 800, windowHeight: 600, windowX: 26, windowY: 23, backend: "wayland")
        XCTAssertNil(record.position(canPlace: true, areas: screen), "GTK's 26,23 there is the shadow's inset")
    }

    func testARecordFromBeforeTheBackendWasKeptIsTakenAsX11() throws {
        let old = try JSONDecoder().decode(RestorationRecord.self, from: Data(#"{"version":1,"windowX":40,"windowY":50}"#.utf8))
        XCTAssertNil(old.backend)
        XCTAssertEqual(old.position(canPlace: true, areas: screen).map { [$0.x, $0.y] }, [40, 50])
    }

    func testAPlaceOnAMonitorGoneComesBackOnScreen() {
        let record = RestorationRecord(windowWidth: 800, windowHeight: 600, windowX: 2200, windowY: 1300, backend: "x11")
        let place = record.position(canPlace: true, areas: screen)
        XCTAssertEqual(place.map { [$0.x, $0.y] }, [784, 336], "moved just enough to be whole, title bar and frame too, on the monitor there is")
        // On a second monitor to the right, the same place is reachable and kept.
        let two = screen + [(x: 1600, y: 0, width: 1920, height: 1080)]
        XCTAssertEqual(RestorationRecord(windowWidth: 800, windowHeight: 600, windowX: 2200, windowY: 300, backend: "x11")
            .position(canPlace: true, areas: two).map { [$0.x, $0.y] }, [2200, 300])
        // Above the top edge, its title bar out of reach: brought down.
        XCTAssertEqual(RestorationRecord(windowWidth: 800, windowHeight: 600, windowX: 100, windowY: -500, backend: "x11")
            .position(canPlace: true, areas: screen).map { [$0.x, $0.y] }, [100, 0])
    }

    func testTheBackendSurvivesTheRecordsFormat() throws {
        let record = RestorationRecord(windowWidth: 640, windowHeight: 480, backend: "wayland")
        let back = try JSONDecoder().decode(RestorationRecord.self, from: JSONEncoder().encode(record))
        XCTAssertEqual(back, record)
        XCTAssertEqual(back.backend, "wayland")
    }

    /// A record from a scale of 1 brought back at a scale of 2 (GDK_SCALE=2: the same
    /// monitor is 800x500 logical pixels) must not put a 989x656 window at 611,340, mostly off the screen.
    func testAPlaceOrASizeThatDoesNotFitTheMonitorIsClampedOntoIt() {
        let halved: [RestorationRecord.ScreenArea] = [(x: 0, y: 0, width: 800, height: 500)]
        let record = RestorationRecord(windowWidth: 989, windowHeight: 656, windowX: 611, windowY: 340, backend: "x11")
        let size = record.size(areas: halved)
        XCTAssertEqual(size.map { [$0.width, $0.height] }, [784, 436], "the size fits the monitor, frame and title bar too")
        XCTAssertEqual(record.position(canPlace: true, areas: halved).map { [$0.x, $0.y] }, [0, 0], "whole on the monitor")
        // One that fits is left as it is, its place too.
        let fits = RestorationRecord(windowWidth: 700, windowHeight: 400, windowX: 50, windowY: 20, backend: "x11")
        XCTAssertEqual(fits.size(areas: halved).map { [$0.width, $0.height] }, [700, 400])
        XCTAssertEqual(fits.position(canPlace: true, areas: halved).map { [$0.x, $0.y] }, [50, 20])
        // Hanging over the right edge: moved in just enough.
        XCTAssertEqual(RestorationRecord(windowWidth: 800, windowHeight: 600, windowX: 1000, windowY: 100, backend: "x11")
            .position(canPlace: true, areas: screen).map { [$0.x, $0.y] }, [784, 100])
        // A Wayland record keeps no place: its size is clamped onto the first monitor.
        XCTAssertEqual(RestorationRecord(windowWidth: 1500, windowHeight: 900, backend: "wayland")
            .size(areas: halved).map { [$0.width, $0.height] }, [784, 436])
        XCTAssertEqual(RestorationRecord(windowWidth: 1500, windowHeight: 900).size(areas: []).map { [$0.width, $0.height] }, [1500, 900])
    }
}
