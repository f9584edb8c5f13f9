import Foundation
import Gtk
import XCTest
@testable import Scenes

/// Named sessions: their names, their small indexes on disk, and sets of windows that open and
/// close together beside the default one.
final class NamedSessionTests: XCTestCase {
    private var folder = ""
    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tandem-named-\(UUID().uuidString)/tandem"
    }
    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
    }

    func testNamesAreCheckedTrimmedAndMadeSafeFileNames() {
        var problem = ""
        XCTAssertNil(SessionName("   ", problem: { problem = $0 }))
        XCTAssertTrue(problem.contains("name"), problem)
        XCTAssertNil(SessionName("a\u{7}b"))
        XCTAssertNil(SessionName(String(repeating: "x", count: SessionName.maximumLength + 1)))
        XCTAssertEqual(SessionName("  Work  ")?.text, "Work")
        for text in ["Work", "a/b", "../etc", ".hidden", "émigré 2", "100%", "x.json"] {
            let name = SessionName(text)!
            XCTAssertFalse(name.fileStem.contains("/"), text)
            XCTAssertFalse(name.fileStem.contains("."), "no dot: never '..', never a hidden file (\(text))")
            XCTAssertEqual(SessionName(fileStem: Substring(name.fileStem)), name, text)
        }
        XCTAssertNil(SessionName(fileStem: "%41"), "only the one stem a name makes stands for it ('A' is written as is)")
        XCTAssertNil(SessionName(fileStem: "a%2"))
        XCTAssertNil(SessionName(fileStem: "%FF"), "not UTF-8")
    }

    func testIndexesAreListedWithoutOpeningAndADamagedOneIsSetAside() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = SessionStore(folder: folder)
            var warnings: [String] = []
            store.warn = { warnings.append($0) }
            let work = SessionName("Work")!, odd = SessionName("a/b c")!
            let ids = [UUID(), UUID()]
            store.saveNamedIndex(work, open: ids)
            store.saveNamedIndex(odd, open: [])
            XCTAssertEqual(store.loadNamedIndex(work), ids, "read back from what is on its way")
            store.waitUntilWritten()
            XCTAssertEqual(store.loadNamedIndex(work), ids)
            XCTAssertEqual(SessionStore.sessionNames(in: folder), [odd, work])
            XCTAssertNil(store.loadNamedIndex(SessionName("Other")!), "no such session")
            XCTAssertTrue(store.hasNamedSession(work))
            XCTAssertFalse(store.hasNamedSession(SessionName("Other")!))
            var info = stat()
            lstat(folder + "/sessions", &info)
            XCTAssertEqual(info.st_mode & 0o777, 0o700)
            lstat(folder + "/sessions/Work.json", &info)
            XCTAssertEqual(info.st_mode & 0o777, 0o600)

            // Damaged: said, kept aside, read as an empty session; the list no longer has it.
            // (A store opened afresh: this one would read what it last asked to write.)
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: folder + "/sessions/Work.json"))
            let fresh = SessionStore(folder: folder)
            fresh.warn = { warnings.append($0) }
            XCTAssertEqual(fresh.loadNamedIndex(work), [])
            XCTAssertEqual(warnings.count, 1)
            XCTAssertTrue(warnings.first.map { $0.contains("Work") && $0.contains(".damaged") } ?? false, "\(warnings)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/sessions/Work.json.damaged"))
            XCTAssertEqual(SessionStore.sessionNames(in: folder), [odd])

            // An index that names another session than its file is not trusted either.
            try Data(#"{"version":1,"name":"Else","open":[]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/sessions/Work.json"))
            let again = SessionStore(folder: folder)
            again.warn = { warnings.append($0) }
            XCTAssertEqual(again.loadNamedIndex(work), [])
            XCTAssertEqual(warnings.count, 2)
            again.deleteNamedIndex(odd)
            again.waitUntilWritten()
            XCTAssertEqual(SessionStore.sessionNames(in: folder), [])
        }
    }

    /// A store in `folder` and an application on it, launched: startup's work without registering
    /// a second GApplication on the bus in this process. Nil (a failure) when GTK cannot start.
    @MainActor private static func launch(_ name: String, folder: String, delegate: RecordingAppDelegate) -> (SessionStore, Application)? {
        guard MainLoop.initialize() else {
            XCTFail("GTK could not open a display: run the tests under xvfb-run with openbox (see README).")
            return nil
        }
        let store = SessionStore(folder: folder)
        let app = Application(id: "io.github.tandemedit.Tandem\(name)Test\(getpid())", delegate: delegate, sessionStore: store)
        app.finishLaunching()
        return (store, app)
    }

    /// A new window's first record (and the index naming it) is written once, not once for the
    /// tab it became and again for the window presented.
    func testANewWindowsFirstRecordIsWrittenOnce() {
        let folder = self.folder
        MainActor.assumeIsolated {
            guard let (store, app) = Self.launch("FirstRecord", folder: folder, delegate: RecordingAppDelegate()) else { return }
            app.openSessionSet(nil)
            let scene = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "A")]))
            let path = store.sessionPath(scene.session.persistentIdentifier)
            XCTAssertTrue(MainLoop.run(until: { store.writesAsked[path] != nil }, timeout: 5), "the first record is written")
            MainLoop.run(for: 0.3)
            XCTAssertEqual(store.savesAsked[path], 1, "saved once (a second save would be skipped, but not without its work)")
            XCTAssertNotNil(store.loadSession(scene.session.persistentIdentifier)?.record)
            app.requestClose([scene])
            XCTAssertTrue(MainLoop.run(until: { scene.activationState == .disconnected }, timeout: 10))
            store.waitUntilWritten()
        }
    }

    /// Windows of two sessions side by side; one session closed keeps its windows on disk while
    /// the other goes on; a later launch reads only the sessions it opens.
    func testSessionsOpenAndCloseTheirWindowsTogether() {
        let folder = self.folder
        MainActor.assumeIsolated {
            let appDelegate = RecordingAppDelegate()
            guard let (store, app) = Self.launch("Named", folder: folder, delegate: appDelegate) else { return }
            let work = SessionName("Work")!
            app.openSessionSet(nil)
            let plain = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "A")]))
            XCTAssertNil(plain.session.sessionName)
            XCTAssertTrue(app.openSessionSet(work))
            XCTAssertFalse(app.openSessionSet(work), "open already")
            app.currentSessionName = work
            let w1 = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "W1")]))
            let w2 = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "W2")]), asTabOf: plain)
            XCTAssertEqual(w1.session.sessionName, work, "a new window joins the current session")
            XCTAssertNil(w2.session.sessionName, "a tab joins its window's session")
            XCTAssertEqual(app.connectedScenes(in: work).map(\.session), [w1.session])
            let w3 = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "W3")]), asTabOf: w1)
            XCTAssertEqual(w3.session.sessionName, work)
            MainLoop.run(for: 0.5)  // the first records and the indexes are written once the loop is idle
            XCTAssertEqual(store.loadNamedIndex(work), [w1.session.persistentIdentifier, w3.session.persistentIdentifier])
            XCTAssertEqual(store.loadIndex().openNamed, ["Work"])

            // Closing Work's window (both its tabs) asks nothing and keeps them in Work.
            app.requestClose([w1, w3])
            XCTAssertTrue(MainLoop.run(until: { w1.activationState == .disconnected && w3.activationState == .disconnected }, timeout: 10))
            XCTAssertEqual(app.openSessionNames, [nil])
            XCTAssertEqual(app.recentlyClosedSessions, [], "a session's windows closed with it are not 'recently closed'")
            XCTAssertEqual(appDelegate.discarded, [])
            XCTAssertEqual(store.loadNamedIndex(work), [w1.session.persistentIdentifier, w3.session.persistentIdentifier])
            XCTAssertEqual(store.loadIndex().openNamed, [])
            XCTAssertEqual(store.loadIndex().open, [plain.session.persistentIdentifier, w2.session.persistentIdentifier])
            XCTAssertEqual(app.currentSessionName, nil, "the current session is one still open")

            // Open again: its windows' sessions come back without windows, for the delegate to show.
            XCTAssertTrue(app.openSessionSet(work))
            XCTAssertEqual(app.unattachedSessions(in: work).map(\.persistentIdentifier),
                           [w1.session.persistentIdentifier, w3.session.persistentIdentifier])
            XCTAssertTrue(app.unattachedSessions(in: work).allSatisfy { $0.stateRestorationRecord != nil })
            // The default session closes (Switch): Work alone is open, the default kept on disk.
            app.requestSceneSessionActivation(app.unattachedSessions(in: work)[0],
                                              options: ConnectionOptions(restorationRecord: app.unattachedSessions(in: work)[0].stateRestorationRecord))
            app.closeSessionSet(nil)
            XCTAssertTrue(MainLoop.run(until: { plain.activationState == .disconnected && w2.activationState == .disconnected }, timeout: 10))
            XCTAssertEqual(app.openSessionNames, [work])
            XCTAssertEqual(app.connectedScenes.map { $0.session.sessionName }, [work])
            let index = store.loadIndex()
            XCTAssertEqual(index.open, [plain.session.persistentIdentifier, w2.session.persistentIdentifier], "the default's windows kept")
            XCTAssertEqual(index.defaultIsOpen, false)
            XCTAssertEqual(index.openNamed, ["Work"])
            store.waitUntilWritten()

            // A later launch: the sessions open at the end were Work only; the default's windows
            // are not read until it opens.
            let later = Application(id: "io.github.tandemedit.TandemNamedTestLater\(getpid())", delegate: RecordingAppDelegate(),
                                    sessionStore: SessionStore(folder: folder))
            later.finishLaunching()
            XCTAssertEqual(later.sessionNamesOpenLastRun, [work])
            XCTAssertEqual(later.openSessions, [])
            later.openSessionSet(nil)
            XCTAssertEqual(later.unattachedSessions(in: nil).map(\.persistentIdentifier),
                           [plain.session.persistentIdentifier, w2.session.persistentIdentifier])
            XCTAssertTrue(later.unattachedSessions(in: nil).allSatisfy { $0.sessionName == nil })
            for scene in app.connectedScenes { scene.window.destroy() }
            MainLoop.run(for: 0.2)
            store.waitUntilWritten()
        }
    }

    /// Rename keeps the windows going under the new name; Delete closes them as one step that
    /// Reopen Closed Window takes back whole.
    func testRenameAndDeleteKeepASessionWhole() {
        let folder = self.folder
        MainActor.assumeIsolated {
            let appDelegate = RecordingAppDelegate()
            guard let (store, app) = Self.launch("Rename", folder: folder, delegate: appDelegate) else { return }
            let work = SessionName("Work")!, play = SessionName("Play")!
            app.openSessionSet(nil)
            let plain = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "A")]))
            app.openSessionSet(work)
            app.currentSessionName = work
            let w1 = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "W1")]))
            let w2 = app.requestSceneSessionActivation(options: ConnectionOptions(files: [OpenFileContext(path: "W2")]))
            MainLoop.run(for: 0.5)

            XCTAssertTrue(app.renameSessionSet(work, to: work), "to its own name: nothing to do")
            XCTAssertTrue(app.renameSessionSet(work, to: play))
            XCTAssertEqual(app.openSessionNames, [nil, play])
            XCTAssertEqual(app.currentSessionName, play)
            XCTAssertEqual([w1, w2].map { $0.session.sessionName }, [play, play])
            XCTAssertEqual(store.loadNamedIndex(play), [w1.session.persistentIdentifier, w2.session.persistentIdentifier])
            XCTAssertNil(store.loadNamedIndex(work), "the old name is gone")
            XCTAssertEqual(store.loadSession(w1.session.persistentIdentifier)?.sessionName, "Play", "each window's record says its session")
            app.openSessionSet(work)
            XCTAssertFalse(app.renameSessionSet(play, to: work), "a name another session has is refused")

            app.deleteSessionSet(play)
            XCTAssertTrue(MainLoop.run(until: { w1.activationState == .disconnected && w2.activationState == .disconnected }, timeout: 10))
            XCTAssertEqual(app.openSessionNames, [nil, work])
            XCTAssertNil(store.loadNamedIndex(play))
            XCTAssertEqual(appDelegate.discarded, [], "nothing is discarded: the session can come back")
            XCTAssertEqual(Set(app.sessionsClosed(with: app.recentlyClosedSessions[0]).map(\.persistentIdentifier)),
                           Set([w1.session.persistentIdentifier, w2.session.persistentIdentifier]), "one step takes back both windows")
            XCTAssertTrue(app.reopenRecentlyClosedSession())
            XCTAssertEqual(app.openSessionNames, [nil, work, play])
            XCTAssertEqual(app.connectedScenes(in: play).count, 2)
            XCTAssertEqual(app.recentlyClosedSessions, [])
            MainLoop.run(for: 0.5)
            XCTAssertEqual(Set(store.loadNamedIndex(play) ?? []), Set([w1.session.persistentIdentifier, w2.session.persistentIdentifier]))
            for scene in app.connectedScenes { scene.window.destroy() }
            _ = plain
            MainLoop.run(for: 0.2)
            store.waitUntilWritten()
        }
    }
}
