import XCTest
@testable import Scenes
import TestSupport

/// Every state × every input of the pure lifecycle machine, against a table written out by hand.
final class SceneLifecycleTests: XCTestCase {
    typealias S = SceneActivationState
    typealias I = SceneLifecycleInput

    /// Drives a fresh machine into `state` through legal inputs.
    private func machine(in state: S) -> SceneLifecycle {
        var m = SceneLifecycle()
        let path: [I] = switch state {
        case .unattached: []
        case .background: [.connect]
        case .foregroundInactive: [.connect, .show]
        case .foregroundActive: [.connect, .show, .focusIn]
        case .disconnected: [.connect, .disconnect]
        }
        for input in path { _ = m.handle(input) }
        XCTAssertEqual(m.state, state)
        return m
    }

    // (from, input) -> (callbacks, to). Anything not listed must do nothing and stay put.
    private let legal: [S: [I: ([SceneLifecycleCallback], S)]] = [
        .unattached: [
            .connect: ([.willConnect], .background),
            .disconnect: ([], .disconnected),
        ],
        .background: [
            .show: ([.willEnterForeground], .foregroundInactive),
            .focusIn: ([.willEnterForeground, .didBecomeActive], .foregroundActive),
            .disconnect: ([.didDisconnect], .disconnected),
        ],
        .foregroundInactive: [
            .focusIn: ([.didBecomeActive], .foregroundActive),
            .hide: ([.didEnterBackground], .background),
            .disconnect: ([.didEnterBackground, .didDisconnect], .disconnected),
        ],
        .foregroundActive: [
            .focusOut: ([.willResignActive], .foregroundInactive),
            .hide: ([.willResignActive, .didEnterBackground], .background),
            .disconnect: ([.willResignActive, .didEnterBackground, .didDisconnect], .disconnected),
        ],
        .disconnected: [:],
    ]

    func testEveryStateAndInput() {
        var checked = 0
        for state in S.allCases {
            for input in I.allCases {
                var m = machine(in: state)
                let callbacks = m.handle(input)
                let (expected, next) = legal[state]?[input] ?? ([], state)
                XCTAssertEqual(callbacks, expected, "\(state) + \(input)")
                XCTAssertEqual(m.state, next, "\(state) + \(input)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, S.allCases.count * I.allCases.count)
    }

    func testNothingBeforeConnect() {
        var m = SceneLifecycle()
        for input in [I.show, .hide, .focusIn, .focusOut] {
            XCTAssertEqual(m.handle(input), [])
            XCTAssertEqual(m.state, .unattached)
        }
    }

    func testNothingAfterDisconnect() {
        var m = machine(in: .foregroundActive)
        XCTAssertEqual(m.handle(.disconnect), [.willResignActive, .didEnterBackground, .didDisconnect])
        for input in I.allCases { XCTAssertEqual(m.handle(input), [], "\(input) after disconnect") }
        XCTAssertEqual(m.state, .disconnected)
    }

    /// Openbox minimizes a focused window as "iconified" first and "inactive" after.
    func testOpenboxMinimizeOrderResignsBeforeBackground() {
        var m = machine(in: .foregroundActive)
        XCTAssertEqual(m.handle(.hide), [.willResignActive, .didEnterBackground])
        XCTAssertEqual(m.handle(.focusOut), [], "the late is-active change is ignored")
        XCTAssertEqual(m.state, .background)
        XCTAssertEqual(m.handle(.show), [.willEnterForeground])
        XCTAssertEqual(m.handle(.focusIn), [.didBecomeActive])
    }

    /// Over any random input stream, resign-active always comes before enter-background, and a
    /// scene never becomes active without being in the foreground.
    func testRandomStreamsKeepUIKitOrder() {
        var generator = SplitMix64(testSeed: 2_000)
        for _ in 0..<2_000 {
            var m = SceneLifecycle()
            var active = false, foreground = false, connected = false, gone = false
            for _ in 0..<30 {
                let input = I.allCases.randomElement(using: &generator)!
                for callback in m.handle(input) {
                    XCTAssertFalse(gone, "callback after disconnect")
                    switch callback {
                    case .willConnect: XCTAssertFalse(connected); connected = true
                    case .willEnterForeground: XCTAssertTrue(connected); XCTAssertFalse(foreground); foreground = true
                    case .didBecomeActive: XCTAssertTrue(foreground); XCTAssertFalse(active); active = true
                    case .willResignActive: XCTAssertTrue(active); active = false
                    case .didEnterBackground: XCTAssertFalse(active); XCTAssertTrue(foreground); foreground = false
                    case .didDisconnect: XCTAssertFalse(foreground); XCTAssertTrue(connected); gone = true
                    }
                }
            }
        }
    }
}
