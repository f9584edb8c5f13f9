import Foundation
import Gtk
import XCTest
@testable import Scenes

/// Every callback any test delegate received, as "tag:callback".
@MainActor private var received: [String] = []

@MainActor
private final class RecordingSceneDelegate: SceneDelegate {
    var tag = "?"
    var allowClose = true
    init() {}
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        // A reopened session has no files in its options; its tag is kept in the session.
        tag = options.files.first?.path ?? session.userInfo["tag"] ?? "?"
        session.userInfo["tag"] = tag
        scene.title = "scene-\(tag)"
        scene.window.setDefaultSize(width: 300, height: 200)
        received.append("\(tag):willConnect")
    }
    func sceneDidDisconnect(_ scene: WindowScene) { received.append("\(tag):didDisconnect") }
    func sceneDidBecomeActive(_ scene: WindowScene) { received.append("\(tag):didBecomeActive") }
    func sceneWillResignActive(_ scene: WindowScene) { received.append("\(tag):willResignActive") }
    func sceneWillEnterForeground(_ scene: WindowScene) { received.append("\(tag):willEnterForeground") }
    func sceneDidEnterBackground(_ scene: WindowScene) { received.append("\(tag):didEnterBackground") }
    func stateRestorationRecord(for scene: WindowScene) -> RestorationRecord? {
        RestorationRecord(windowWidth: scene.window.size.width, windowHeight: scene.window.size.height)
    }
}

@MainActor
final class RecordingAppDelegate: ApplicationDelegate {
    var discarded: [SceneSession] = []
    var launched = 0
    var configurationsAsked = 0
    func applicationDidFinishLaunching(_ application: Application) { launched += 1 }
    func application(_ application: Application, didReceive commandLine: CommandLineInvocation) -> Int32 { 0 }
    func application(_ application: Application, configurationForConnecting session: SceneSession,
                     options: ConnectionOptions) -> SceneConfiguration {
        configurationsAsked += 1
        return SceneConfiguration(name: "Test", role: "test") { _ in RecordingSceneDelegate() }
    }
    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>) {
        discarded.append(contentsOf: sessions)
    }
    /// Asked once for everything closing together: each scene's delegate says whether it allows it.
    func application(_ application: Application, shouldClose scenes: [WindowScene], decision: @escaping @MainActor (Bool) -> Void) {
        let delegates = scenes.map { $0.delegate as! RecordingSceneDelegate }
        received.append(delegates.map(\.tag).joined(separator: "+") + ":shouldClose")
        decision(delegates.allSatisfy(\.allowClose))
    }
    /// Set: a quit waits until the test calls the reply kept in `pendingTermination`.
    var holdsTermination = false
    var pendingTermination: (@MainActor (Bool) -> Void)?
    var terminationsAsked = 0
    func applicationShouldTerminate(_ application: Application, reply: @escaping @MainActor (Bool) -> Void) {
        terminationsAsked += 1
        if holdsTermination { pendingTermination = reply } else { reply(true) }
    }
}

/// Real windows under Xvfb and openbox: the callbacks each delegate sees, in order.
final class WindowSceneLifecycleTests: XCTestCase {
    func testMinimizeFocusAndCloseGiveUIKitSequences() {
        MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run with openbox (see README).")
                return
            }
            let appDelegate = RecordingAppDelegate()
            let app = Application(id: "io.github.tandemedit.TandemLifecycleTest\(getpid())", delegate: appDelegate)
            XCTAssertTrue(app.registerWithoutRunning())
            XCTAssertEqual(appDelegate.launched, 1, "didFinishLaunching runs once, at startup")
            XCTAssertNil(getenv("GDK_GL"), "GL's switch is gone once GTK has read it: nothing launched inherits it")
            received = []

            @MainActor func events(_ tag: String) -> [String] {
                received.filter { $0.hasPrefix(tag + ":") }.map { String($0.dropFirst(tag.count + 1)) }
            }
            @MainActor func wait(_ what: String, _ condition: () -> Bool) {
                XCTAssertTrue(MainLoop.run(until: condition, timeout: 10), "timed out waiting for \(what); got \(received)")
                MainLoop.run(for: 0.2)  // let late, out-of-order reports arrive too
            }

            // 1. Window A appears and takes focus.
            let a = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "A")]))
            wait("A active") { a.activationState == .foregroundActive }
            XCTAssertEqual(events("A"), ["willConnect", "willEnterForeground", "didBecomeActive"])

            // 2. Window B appears; A resigns.
            let b = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "B")]))
            wait("B active") { b.activationState == .foregroundActive && a.activationState == .foregroundInactive }
            XCTAssertEqual(events("B"), ["willConnect", "willEnterForeground", "didBecomeActive"])
            XCTAssertEqual(events("A"), ["willConnect", "willEnterForeground", "didBecomeActive", "willResignActive"])

            // 3. Minimize the focused window B: resign comes before background, whatever order GTK reports.
            received = []
            b.window.iconify()
            wait("B background") { b.activationState == .background }
            XCTAssertEqual(events("B"), ["willResignActive", "didEnterBackground"])

            // 4. Focus A (openbox may already have passed the focus to it when B was minimized).
            a.window.present()
            wait("A active again") { a.activationState == .foregroundActive }
            XCTAssertEqual(events("A"), ["didBecomeActive"], "A becomes active exactly once")
            XCTAssertEqual(events("B"), ["willResignActive", "didEnterBackground"], "B stays minimized")

            // 5. Restore B: foreground first, then active.
            received = []
            b.window.present()
            wait("B active again") { b.activationState == .foregroundActive && a.activationState == .foregroundInactive }
            XCTAssertEqual(events("B"), ["willEnterForeground", "didBecomeActive"])
            XCTAssertEqual(events("A"), ["willResignActive"])

            // 6. A delegate that refuses keeps its window.
            (a.delegate as! RecordingSceneDelegate).allowClose = false
            received = []
            a.window.close()
            MainLoop.run(for: 0.3)
            XCTAssertEqual(events("A"), ["shouldClose"])
            XCTAssertEqual(app.connectedScenes.count, 2)

            // 7. Close B (active) while A stays: it resigns, backgrounds, disconnects; its session
            //    goes to "recently closed" with its record.
            received = []
            let bSession = b.session
            b.window.close()
            wait("B disconnected") { b.activationState == .disconnected }
            XCTAssertEqual(events("B"), ["shouldClose", "willResignActive", "didEnterBackground", "didDisconnect"])
            XCTAssertNil(bSession.scene)
            XCTAssertNotNil(bSession.stateRestorationRecord?.windowWidth, "a record was saved on the way out")
            XCTAssertEqual(app.recentlyClosedSessions, [bSession])
            XCTAssertEqual(appDelegate.discarded, [], "a closed window can still be reopened")
            XCTAssertEqual(app.connectedScenes.map(\.session), [a.session])

            // 8. Reopen Closed Window: the same session connects again, with its record.
            received = []
            XCTAssertTrue(app.reopenRecentlyClosedSession())
            let b2 = bSession.scene!
            wait("B back") { b2.activationState == .foregroundActive }
            XCTAssertEqual(events("B").first, "willConnect")
            XCTAssertEqual(app.recentlyClosedSessions, [])
            XCTAssertEqual(app.openSessions.map(\.persistentIdentifier), [a.session, bSession].map(\.persistentIdentifier))

            // 8b. A configuration given with the request makes the delegate, with what the app
            //     handed it; the app delegate is not asked. (Closed again: recently closed.)
            let asked = appDelegate.configurationsAsked
            var madeFor: [SceneSession] = []
            let given = RecordingSceneDelegate()
            let c = app.requestSceneSessionActivation(configuration: SceneConfiguration(name: "Given", role: "test") { session in
                madeFor.append(session)
                return given
            }, options: ConnectionOptions(files: [OpenFileContext(path: "C")]))
            XCTAssertTrue(c.delegate === given)
            XCTAssertEqual(madeFor, [c.session])
            XCTAssertEqual(appDelegate.configurationsAsked, asked)
            c.window.close()
            wait("C disconnected") { c.activationState == .disconnected }

            // 8c. Scenes as tabs of one window (tags TA…TD): the tab shown is in the foreground,
            //     the others in the background; a scene moving between windows is never
            //     disconnected, resigns before it leaves and becomes active only once shown.
            do {
                let windowsBefore = app.tabGroups.count, scenesBefore = app.connectedScenes.count
                func tabOptions(_ tag: String) -> ConnectionOptions { ConnectionOptions(files: [OpenFileContext(path: tag)]) }
                // 1. A window with one scene: no tab strip, a window like any other.
                let a = app.requestSceneSessionActivation(options: tabOptions("TA"))
                wait("A active") { a.activationState == .foregroundActive }
                XCTAssertEqual(a.tabPlace?.count, 1)

                // 2. B joins A's window as a tab and is shown: A resigns, then goes to the background.
                received = []
                let b = app.requestSceneSessionActivation(options: tabOptions("TB"), asTabOf: a)
                XCTAssertTrue(b.window === a.window, "one window")
                XCTAssertEqual(app.tabGroups.count, windowsBefore + 1)
                wait("B active, A in the background") { b.activationState == .foregroundActive && a.activationState == .background }
                XCTAssertEqual(events("TA"), ["willResignActive", "didEnterBackground"])
                XCTAssertEqual(events("TB"), ["willConnect", "willEnterForeground", "didBecomeActive"])
                XCTAssertEqual(a.tabPlace?.index, 0)
                XCTAssertEqual(b.tabPlace?.index, 1)
                XCTAssertEqual(a.window.title, "scene-TB", "the window says the title of the tab it shows")

                // 3. Showing A's tab again: B leaves the foreground before A becomes active.
                received = []
                a.selectTab()
                wait("A active again") { a.activationState == .foregroundActive && b.activationState == .background }
                XCTAssertEqual(received, ["TB:willResignActive", "TB:didEnterBackground", "TA:willEnterForeground", "TA:didBecomeActive"])
                XCTAssertEqual(a.window.title, "scene-TA")

                // 4. B moves to a window of its own: the same scene, never disconnected; it comes
                //    forward in its new window, and becomes active only there.
                received = []
                let firstWindow = a.window
                b.moveToNewWindow()
                XCTAssertFalse(b.window === firstWindow)
                wait("B active in its own window") { b.activationState == .foregroundActive }
                XCTAssertEqual(events("TB"), ["willEnterForeground", "didBecomeActive"])
                XCTAssertEqual(app.tabGroups.count, windowsBefore + 2)
                XCTAssertEqual(app.connectedScenes.count, scenesBefore + 2)
                XCTAssertTrue(b.session.scene === b)

                // 5. A moves into B's window: its old window, left empty, goes; A resigns before it
                //    leaves, and is shown (not yet active) where it arrives.
                received = []
                a.moveToWindow(of: b)
                XCTAssertTrue(a.window === b.window)
                wait("A's old window gone") { app.tabGroups.count == windowsBefore + 1 }
                XCTAssertNotEqual(a.activationState, .disconnected)
                let aEvents = events("TA")
                XCTAssertFalse(aEvents.contains("didDisconnect"))
                if let resign = aEvents.firstIndex(of: "willResignActive"), let background = aEvents.firstIndex(of: "didEnterBackground") {
                    XCTAssertLessThan(resign, background)
                }
                for (index, event) in aEvents.enumerated() where event == "didBecomeActive" {
                    XCTAssertTrue(aEvents[..<index].contains("willEnterForeground"), "no becomes-active without a foreground: \(aEvents)")
                }
                XCTAssertEqual(b.tabPlace?.index, 0)
                XCTAssertEqual(a.tabPlace?.index, 1)

                // 6. Records say which window, where, and which tab was shown.
                a.saveRestorationRecord()
                b.saveRestorationRecord()
                let aTab = a.session.stateRestorationRecord?.tab, bTab = b.session.stateRestorationRecord?.tab
                XCTAssertNotNil(aTab)
                XCTAssertEqual(aTab?.group, bTab?.group)
                XCTAssertEqual(aTab?.index, 1)
                XCTAssertEqual(aTab?.isSelected, true)
                XCTAssertEqual(bTab?.isSelected, false)

                // 7. Closing a tab closes its scene only; the window stays with the other tab shown.
                received = []
                a.requestClose()
                wait("A closed, B shown") { a.activationState == .disconnected && b.activationState != .background }
                XCTAssertEqual(events("TA").last, "didDisconnect")
                XCTAssertEqual(app.tabGroups.count, windowsBefore + 1)
                XCTAssertEqual(b.tabPlace?.count, 1)

                // 8. A window closed with its tabs comes back whole from Reopen Closed Window.
                let c = app.requestSceneSessionActivation(options: tabOptions("TC"))
                wait("C active") { c.activationState == .foregroundActive }
                let d = app.requestSceneSessionActivation(options: tabOptions("TD"), asTabOf: c)
                wait("D active") { d.activationState == .foregroundActive }
                let (cSession, dSession) = (c.session, d.session)
                // 8a. One question for the whole window; refused, every tab stays (the first
                //     tab, which would have agreed, too).
                (d.delegate as! RecordingSceneDelegate).allowClose = false
                received = []
                c.tabGroup?.requestClose()
                MainLoop.run(for: 0.3)
                XCTAssertEqual(received, ["TC+TD:shouldClose"], "asked once, for both tabs")
                XCTAssertNotEqual(c.activationState, .disconnected, "Cancel keeps every tab")
                XCTAssertNotEqual(d.activationState, .disconnected)
                XCTAssertEqual(c.tabGroup?.scenes.count, 2)
                (d.delegate as! RecordingSceneDelegate).allowClose = true
                c.tabGroup?.requestClose()
                wait("C and D closed") { c.activationState == .disconnected && d.activationState == .disconnected }
                XCTAssertTrue(app.reopenRecentlyClosedSession())
                wait("both back") { cSession.scene != nil && dSession.scene != nil }
                XCTAssertTrue(cSession.scene?.window === dSession.scene?.window, "in one window again")
                XCTAssertEqual(cSession.scene?.tabPlace?.index, 0)
                XCTAssertEqual(dSession.scene?.tabGroup?.selectedScene === dSession.scene, true, "the tab that was shown, shown")

                b.requestClose()
                wait("the tab windows closed") { app.connectedScenes.count == scenesBefore + 2 }
                for scene in app.connectedScenes.suffix(2) { scene.requestClose() }
                wait("back to the windows before") { app.connectedScenes.count == scenesBefore }
            }

            // 8d. A split window (tags SA, SB): the scene shown on each side is in the foreground;
            //     the side with the focus is the active one and the window speaks for it; the
            //     focus moving across resigns one side before the other becomes active; a side
            //     closed gives the window to the other.
            do {
                let scenesBefore = app.connectedScenes.count
                func splitOptions(_ tag: String) -> ConnectionOptions { ConnectionOptions(files: [OpenFileContext(path: tag)]) }
                let a = app.requestSceneSessionActivation(options: splitOptions("SA"))
                wait("SA active") { a.activationState == .foregroundActive }
                received = []
                let b = app.requestSceneSessionActivation(options: splitOptions("SB"), asTabOf: a, split: true)
                XCTAssertTrue(b.window === a.window, "one window")
                XCTAssertEqual(a.tabGroup?.isSplit, true)
                wait("SB active, SA beside it in the foreground") { b.activationState == .foregroundActive && a.activationState == .foregroundInactive }
                XCTAssertEqual(events("SA"), ["willResignActive"], "on screen beside the other: never in the background")
                XCTAssertEqual(a.tabPlace?.side, 0)
                XCTAssertEqual(b.tabPlace?.side, 1)
                XCTAssertEqual(a.window.title, "scene-SB")

                received = []
                a.selectTab()   // the focus to the left side
                wait("SA active, SB beside it") { a.activationState == .foregroundActive && b.activationState == .foregroundInactive }
                XCTAssertEqual(received, ["SB:willResignActive", "SA:didBecomeActive"])
                XCTAssertEqual(a.window.title, "scene-SA")

                a.saveRestorationRecord()
                b.saveRestorationRecord()
                XCTAssertEqual(b.session.stateRestorationRecord?.tab?.side, 1)
                XCTAssertEqual(b.session.stateRestorationRecord?.tab?.isSelected, true, "shown on its side")
                XCTAssertEqual(a.session.stateRestorationRecord?.tab?.isFront, true)
                XCTAssertEqual(b.session.stateRestorationRecord?.tab?.isFront, false)
                XCTAssertEqual(a.session.stateRestorationRecord?.tab?.splitPosition, a.tabGroup?.splitPosition)
                XCTAssertNotNil(a.session.stateRestorationRecord?.tab?.splitPosition)

                // A split window closed whole comes back split, the focus where it was (the handle is
                // checked end to end: a window this small leaves it no room to move).
                let other = app.requestSceneSessionActivation(options: splitOptions("SC"))
                wait("SC active") { other.activationState == .foregroundActive }
                let (aSession, bSession) = (a.session, b.session)
                a.tabGroup?.requestClose()
                wait("the split window closed") { a.activationState == .disconnected && b.activationState == .disconnected }
                XCTAssertTrue(app.reopenRecentlyClosedSession())
                wait("both sides back") { aSession.scene != nil && bSession.scene != nil }
                guard let left = aSession.scene, let right = bSession.scene else { return XCTFail("the split did not come back") }
                XCTAssertTrue(left.window === right.window, "one window")
                XCTAssertEqual(left.tabGroup?.isSplit, true)
                XCTAssertEqual(left.tabPlace?.side, 0)
                XCTAssertEqual(right.tabPlace?.side, 1)
                XCTAssertTrue(left.tabGroup?.selectedScene === left, "the window speaks for the side that had the focus")

                received = []
                left.requestClose()
                wait("SA closed, SB active with the whole window") { left.activationState == .disconnected && right.activationState == .foregroundActive }
                XCTAssertEqual(right.tabGroup?.isSplit, false)
                XCTAssertNil(right.tabGroup?.splitPosition)
                XCTAssertEqual(right.window.title, "scene-SB")
                XCTAssertFalse(events("SB").contains("didEnterBackground"))
                right.requestClose()
                other.requestClose()
                wait("the split window closed") { app.connectedScenes.count == scenesBefore }
            }

            // 9. A quit waits for the app delegate's reply, the main loop running meanwhile (a
            //    save on its way); asking again changes nothing. Then it closes every window
            //    without asking and keeps every session.
            received = []
            (a.delegate as! RecordingSceneDelegate).allowClose = false
            appDelegate.holdsTermination = true
            app.terminate()
            MainLoop.run(for: 0.2)
            XCTAssertTrue(app.isAwaitingTermination)
            XCTAssertNotEqual(a.activationState, .disconnected, "nothing closes before the reply")
            XCTAssertNotEqual(b2.activationState, .disconnected)
            app.terminate()
            XCTAssertEqual(appDelegate.terminationsAsked, 1, "a second quit asks nothing more")
            // A reply of no (the user cancelled a question) leaves every window as it was.
            appDelegate.pendingTermination?(false)
            XCTAssertFalse(app.isAwaitingTermination)
            MainLoop.run(for: 0.2)
            XCTAssertNotEqual(a.activationState, .disconnected, "a quit cancelled closes nothing")
            XCTAssertNotEqual(b2.activationState, .disconnected)
            app.terminate()
            XCTAssertEqual(appDelegate.terminationsAsked, 2, "quitting again asks again")
            appDelegate.pendingTermination?(true)
            XCTAssertFalse(app.isAwaitingTermination)
            wait("all disconnected") { a.activationState == .disconnected && b2.activationState == .disconnected }
            XCTAssertFalse(received.contains { $0.hasSuffix("shouldClose") }, "quitting asks no one")
            XCTAssertEqual(appDelegate.discarded, [], "quitting discards nothing")
            XCTAssertEqual(app.openSessions.count, 2)
            XCTAssertEqual(received.filter { $0.hasSuffix("didDisconnect") }.count, 2, "each scene disconnects exactly once")
        }
    }
}

/// Sessions read back at launch, and discards a crash cut short delivered again (as UIKit does).
final class SessionRestorationTests: XCTestCase {
    func testLaunchReadsSessionsAndFinishesJournaledDiscards() {
        let folder = NSTemporaryDirectory() + "tandem-launch-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        MainActor.assumeIsolated {
            let store = SessionStore(folder: folder)
            let kept = UUID(), closed = UUID(), halfDiscarded = UUID()
            for id in [kept, closed, halfDiscarded] {
                store.save(SavedSession(id: id, role: "editor", record: RestorationRecord(windowWidth: 300, windowHeight: 9_999_999)))
            }
            store.saveIndex(SessionIndex(open: [kept, kept], recentlyClosed: [closed], pendingDiscards: [halfDiscarded]))

            let appDelegate = RecordingAppDelegate()
            // Startup's work without registering a second GApplication on the bus in this process.
            let app = Application(id: "io.github.tandemedit.TandemLaunchTest", delegate: appDelegate, sessionStore: store)
            app.finishLaunching()
            XCTAssertEqual(appDelegate.launched, 1)
            XCTAssertEqual(app.sessionNamesOpenLastRun, [nil], "an index from before named sessions had the default one open")
            XCTAssertEqual(app.unattachedSessions, [], "windows are read as their session opens, not before")
            app.openSessionSet(nil)
            XCTAssertEqual(app.unattachedSessions.map(\.persistentIdentifier), [kept], "duplicates in the list count once")
            XCTAssertEqual(app.recentlyClosedSessions.map(\.persistentIdentifier), [closed])
            XCTAssertEqual(app.unattachedSessions.first?.stateRestorationRecord?.windowHeight, 16_384, "absurd sizes are clamped")
            XCTAssertEqual(appDelegate.discarded.map(\.persistentIdentifier), [halfDiscarded], "the interrupted discard is delivered")
            XCTAssertNil(store.loadSession(halfDiscarded))
            XCTAssertEqual(store.loadIndex().pendingDiscards, [])
            XCTAssertEqual(store.loadIndex().open, [kept])
            store.waitUntilWritten()  // before the folder goes
        }
    }
}
