import Foundation
import Synchronization
import TestSupport
import XCTest
@testable import Documents

/// Documents of files on a server, against a server in memory: loaded off the main thread, saved
/// only over the version known (its tag), followed when changed there, and brought back after a
/// relaunch while the server does not answer.
final class RemoteDocumentTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var server: MemoryServer!
    private let uri = "sftp://me@example.org/srv/notes.txt"

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("remote")
        server = MemoryServer()
        RemoteFiles.install(server)
    }

    override func tearDown() { RemoteFiles.install(nil) }

    func testAFileOnAServerLoadsOffTheMainThreadAndSavesOverTheVersionKnownOnly() throws {
        server.put(uri, "on the server\n")
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: uri)
            XCTAssertTrue(document.isLoading && document.isReadOnly, "empty and read-only until the server answers")
            XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
            XCTAssertEqual(document.text, "on the server\n")
            XCTAssertTrue(document.isWritable)
            store.apply(.insert("mine ", at: 0), to: document)
            var result: TextFileError?? = .none
            try store.save(document) { result = .some($0) }
            XCTAssertTrue(BackgroundSaveTests.spin { result != nil })
            XCTAssertNil(result!)
            XCTAssertEqual(server.text(uri), "mine on the server\n")
            XCTAssertFalse(document.isDirty)

            // Changed on the server after that: a save does not overwrite it, the text stays
            // (a coarse tag kept the same: the size tells it).
            store.apply(.insert("again ", at: 0), to: document)
            server.put(uri, "theirs\n", keepingTag: true)
            result = .none
            try store.save(document) { result = .some($0) }
            XCTAssertTrue(BackgroundSaveTests.spin { result != nil })
            XCTAssertEqual(result??.isDiskConflict, true, "\(String(describing: result))")
            XCTAssertEqual(server.text(uri), "theirs\n")
            XCTAssertEqual(document.text, "again mine on the server\n")
            XCTAssertTrue(document.isDirty)
        }
    }

    /// A save still being formatted when the loop ends (a logout) is written at once, off the
    /// main thread, where GIO needs it: never on the main thread.
    func testASaveStillFormattingAtQuitIsWrittenOffTheMainThread() throws {
        server.put(uri, "on the server\n")
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: uri)
            XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
            store.apply(.insert("mine ", at: 0), to: document)
            var result: TextFileError?? = .none
            try store.save(document) { result = .some($0) }
            store.waitForSaves()  // the loop is over: no turn of it comes before this
            XCTAssertEqual(result.map { $0?.message }, .some(nil))
            XCTAssertEqual(server.text(uri), "mine on the server\n")
            XCTAssertEqual(server.writesOnTheMainThread, 0)
            XCTAssertFalse(document.isDirty)
        }
    }

    func testAChangeOnTheServerIsFollowedBesideTheUsersEditsAndUndoTakesBackOnlyThem() throws {
        server.put(uri, "first\n")
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: uri)
            XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
            store.apply(.insert("mine ", at: 0), to: document)
            try store.saveNow(document)
            server.put(uri, "mine first\ntheirs\n")
            store.checkDisk(document)
            XCTAssertTrue(BackgroundSaveTests.spin { document.text == "mine first\ntheirs\n" }, document.text)
            XCTAssertFalse(document.isDirty, "the file's own text")
            store.undo(document)
            XCTAssertEqual(document.text, "first\ntheirs\n", "undo takes back the typing, not the server's line")
        }
    }

    /// A server that wants a password, and a user who cancels it: the open fails in words, with
    /// nothing shown and nothing compared; the looks every few seconds never ask again (GTK's
    /// dialog came back every 3 s); Try Again asks, and the file fills in.
    func testACancelledPasswordIsNotAskedAgainUntilTryAgainWhichReadsTheFile() throws {
        server.put(uri, "behind a password\n")
        server.locked = true
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            var failures: [String] = []
            let document = try store.openFile(at: uri)
            let subscription = store.subscribe(to: document) { event in
                if case .loadFailed(let message) = event { failures.append(message) }
            }
            defer { withExtendedLifetime(subscription) {} }
            XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
            XCTAssertEqual(server.prompts, 1)
            XCTAssertEqual(failures, ["Opening “notes.txt” was cancelled."])
            XCTAssertTrue(document.openFailed && document.isReadOnly)
            XCTAssertEqual(document.text, "")
            store.checkDisk(document)  // what the poll does every few seconds
            XCTAssertFalse(BackgroundSaveTests.spin(timeout: 0.3) { server.prompts > 1 }, "a look never asks for the password")
            XCTAssertFalse(document.isDirty)

            server.answer = MemoryServer.password
            store.tryAgain(document)
            XCTAssertTrue(document.isLoading)
            XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
            XCTAssertEqual(server.prompts, 2)
            XCTAssertEqual(document.text, "behind a password\n")
            XCTAssertFalse(document.openFailed || document.isReadOnly)
            store.tryAgain(document)
            XCTAssertFalse(document.isLoading, "a file read is not read again")

            // The mount gone (a logout, GVfs's timeout): the poll's look does not ask again either.
            server.locked = true
            server.answer = nil
            store.checkDisk(document)
            XCTAssertFalse(BackgroundSaveTests.spin(timeout: 0.3) { server.prompts > 2 }, "a look never asks for the password")
            XCTAssertEqual(document.text, "behind a password\n")
        }
    }

    /// Where the backend has a monitor, a change on the server is followed when the monitor says
    /// so, not at the next look (the looks are an hour apart here); where it has none, only the
    /// looks see it.
    func testAChangeOnTheServerIsFollowedAtOnceWhereItsBackendHasAMonitor() throws {
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            RemotePolling.interval = 3_600_000_000_000
            defer { RemotePolling.interval = 3_000_000_000 }
            let store = EditJournalTests.journaledStore(folder)
            let other = uri.replacingOccurrences(of: "notes", with: "other")
            server.put(other, "polled\n")
            let polled = try store.openFile(at: other)
            XCTAssertTrue(BackgroundSaveTests.spin { !polled.isLoading })

            server.hasMonitors = true
            server.put(uri, "first\n")
            let document = try store.openFile(at: uri)
            XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
            XCTAssertEqual(server.monitorsMade, 1)
            server.put(uri, "first\ntheirs\n")
            XCTAssertTrue(BackgroundSaveTests.spin(timeout: 5) { document.text == "first\ntheirs\n" }, document.text)
            XCTAssertFalse(document.isDirty)

            server.put(other, "polled\nchanged\n")
            XCTAssertFalse(BackgroundSaveTests.spin(timeout: 0.5) { polled.text != "polled\n" }, "no monitor: only a look sees it")
        }
    }

    /// Opens `uri`, types "unsaved " at its start and quits, the text only in the journal.
    @MainActor private static func typeUnsavedAndQuit(_ folder: String, _ uri: String) throws -> Document {
        let store = EditJournalTests.journaledStore(folder)
        let document = try store.openFile(at: uri)
        XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
        store.apply(.insert("unsaved ", at: 0), to: document)
        store.journals!.waitUntilWritten()
        store.journals = nil
        return document
    }

    /// A file not on the server opens empty and is made by the first save, as a new path does.
    func testAFileThatIsNotThereOpensEmptyAndIsMadeBySaving() throws {
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: uri)
            XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
            XCTAssertFalse(document.isReadOnly)
            store.apply(.insert("new\n", at: 0), to: document)
            try store.saveNow(document)
            XCTAssertEqual(server.text(uri), "new\n")

            // Another new file, made on the server by someone else before the first save: kept.
            let other = "sftp://me@example.org/srv/other.txt"
            let second = try store.openFile(at: other)
            XCTAssertTrue(BackgroundSaveTests.spin { !second.isLoading })
            store.apply(.insert("mine\n", at: 0), to: second)
            server.put(other, "theirs\n")
            XCTAssertThrowsError(try store.saveNow(second)) { XCTAssertTrue(($0 as? TextFileError)?.isDiskConflict == true, "\($0)") }
            XCTAssertEqual(server.text(other), "theirs\n")
        }
    }

    /// A save the server refuses for want of permission: said in words, the file there as it
    /// was, the text kept and still unsaved; once allowed, a later save works.
    func testASaveRefusedForPermissionIsSaidAndALaterSaveWorks() throws {
        server.put(uri, "theirs\n")
        server.setReadOnly(uri, true)
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: uri)
            XCTAssertTrue(BackgroundSaveTests.spin { !document.isLoading })
            store.apply(.insert("mine ", at: 0), to: document)
            XCTAssertThrowsError(try store.saveNow(document)) {
                XCTAssertEqual(($0 as? TextFileError)?.message, "Could not save “notes.txt”: you do not have permission on example.org. "
                               + "The file on the server is as it was, and your text is kept.")
            }
            XCTAssertEqual(server.text(uri), "theirs\n")
            XCTAssertEqual(document.text, "mine theirs\n")
            XCTAssertTrue(document.isDirty)
            server.setReadOnly(uri, false)
            try store.saveNow(document)
            XCTAssertEqual(server.text(uri), "mine theirs\n")
            XCTAssertFalse(document.isDirty)
        }
    }

    /// A server that does not answer: said in words, read-only and empty, and read again every
    /// few seconds until it answers; then the window is the file's, editable.
    func testAServerThatDoesNotAnswerIsSaidAndAskedAgainUntilItDoes() throws {
        server.put(uri, "at last\n")
        server.reachable = false
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            RemotePolling.interval = 50_000_000
            defer { RemotePolling.interval = 3_000_000_000 }
            let store = EditJournalTests.journaledStore(folder)
            var failure: String?
            let document = try store.openFile(at: uri)
            let subscription = store.subscribe(to: document) { if case .loadFailed(let message) = $0 { failure = message } }
            XCTAssertTrue(BackgroundSaveTests.spin { failure != nil })
            XCTAssertEqual(failure, "Could not open “notes.txt”: the server example.org cannot be reached.")
            XCTAssertTrue(document.isReadOnly)
            server.reachable = true
            XCTAssertTrue(BackgroundSaveTests.spin { document.text == "at last\n" && !document.isReadOnly })
            _ = subscription
        }
    }

    func testUnsavedTextComesBackWhileTheServerIsDownAndIsSavedOnceItAnswers() throws {
        server.put(uri, "kept\n")
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            RemotePolling.interval = 50_000_000
            defer { RemotePolling.interval = 3_000_000_000 }
            let document = try Self.typeUnsavedAndQuit(folder, uri)

            server.reachable = false
            let relaunched = EditJournalTests.journaledStore(folder)
            let restored = try XCTUnwrap(relaunched.restoreDocument(path: uri, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, "unsaved kept\n", "the journal carries the text: no server needed")
            XCTAssertTrue(BackgroundSaveTests.spin { restored.awaitsServer })
            XCTAssertNotNil(restored.restoreNotice)
            XCTAssertThrowsError(try relaunched.saveNow(restored), "no save over a version not seen")
            XCTAssertEqual(server.text(uri), "kept\n")

            server.reachable = true
            XCTAssertTrue(BackgroundSaveTests.spin { !restored.awaitsServer })
            XCTAssertNil(restored.restoreNotice)
            XCTAssertFalse(restored.hasUnseenDiskChange, "the server holds the version the journal knew")
            try relaunched.saveNow(restored)
            XCTAssertEqual(server.text(uri), "unsaved kept\n")
        }
    }

    /// After a relaunch, a server that wants a password asks once; cancelled, the window says
    /// so, and the looks every few seconds never ask again; Try Again asks, and the text is
    /// compared with the file then.
    func testAPasswordCancelledAtRelaunchIsNotAskedAgainUntilTryAgain() throws {
        server.put(uri, "kept\n")
        let folder = temporary.path, uri = uri, server = server!
        try MainActor.assumeIsolated {
            RemotePolling.interval = 50_000_000
            defer { RemotePolling.interval = 3_000_000_000 }
            let document = try Self.typeUnsavedAndQuit(folder, uri)

            server.locked = true  // the mount went with the process
            let relaunched = EditJournalTests.journaledStore(folder)
            let restored = try XCTUnwrap(relaunched.restoreDocument(path: uri, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, "unsaved kept\n")
            XCTAssertTrue(BackgroundSaveTests.spin { restored.awaitsServer })
            XCTAssertEqual(server.prompts, 1, "the relaunch's look asks")
            XCTAssertEqual(restored.restoreNotice?.contains("asked for a password"), true, restored.restoreNotice ?? "")
            XCTAssertFalse(BackgroundSaveTests.spin(timeout: 0.5) { server.prompts > 1 }, "ten looks, none asking")
            XCTAssertTrue(restored.awaitsServer)

            server.answer = MemoryServer.password
            relaunched.tryAgain(restored)
            XCTAssertTrue(BackgroundSaveTests.spin { !restored.awaitsServer })
            XCTAssertEqual(server.prompts, 2)
            XCTAssertNil(restored.restoreNotice)
            try relaunched.saveNow(restored)
            XCTAssertEqual(server.text(uri), "unsaved kept\n")
        }
    }
}

/// A server in memory: files by address, each version tagged by a counter.
final class MemoryServer: RemoteFileSystem {
    private let state = Mutex<(files: [String: (bytes: [UInt8], tag: Int)], next: Int, reachable: Bool)>(([:], 1, true))
    /// The password `locked` asks for, with what the user answers (nil: Cancel) and how often asked.
    static let password = "s3cret"
    private let login = Mutex<(locked: Bool, answer: String?, prompts: Int)>((false, nil, 0))

    /// Whether the server wants a password before anything (as GVfs's mount asks it).
    var locked: Bool {
        get { login.withLock { $0.locked } }
        set { login.withLock { $0.locked = newValue } }
    }
    var answer: String? {
        get { login.withLock { $0.answer } }
        set { login.withLock { $0.answer = newValue } }
    }
    var prompts: Int { login.withLock { $0.prompts } }

    /// Mounts as GVfs does: a locked server asks the user; not `asking`, it refuses.
    private func mount(_ asking: Bool) throws(RemoteFailure) {
        let result: RemoteFailure? = login.withLock { login in
            guard login.locked else { return nil }
            guard asking else { return RemoteFailure(.permissionDenied) }
            login.prompts += 1
            guard login.answer == Self.password else { return RemoteFailure(.cancelled) }
            login.locked = false
            return nil
        }
        if let result { throw result }
    }

    /// Addresses the user may read but not write (a file of another account on the server).
    private let readOnly = Mutex<Set<String>>([])
    func setReadOnly(_ uri: String, _ readOnly: Bool) {
        self.readOnly.withLock { if readOnly { $0.insert(uri) } else { $0.remove(uri) } }
    }

    var reachable: Bool {
        get { state.withLock { $0.reachable } }
        set { state.withLock { $0.reachable = newValue } }
    }

    /// `keepingTag`: as sftp's tag (the second of the last write) does for a write in the same second.
    func put(_ uri: String, _ text: String, keepingTag: Bool = false) {
        state.withLock { state in
            if keepingTag, let tag = state.files[uri]?.tag { return state.files[uri] = (Array(text.utf8), tag) }
            state.files[uri] = (Array(text.utf8), state.next)
            state.next += 1
        }
        let told = watchers.withLock { $0.monitors[uri] ?? [] }
        DispatchQueue.main.async { MainActor.assumeIsolated { for monitor in told { monitor.tell() } } }
    }

    /// Whether the server's backend has monitors (as MTP's does; sftp's has none), and the ones made.
    private let watchers = Mutex<(has: Bool, monitors: [String: [MemoryMonitor]], made: Int)>((false, [:], 0))
    var hasMonitors: Bool {
        get { watchers.withLock { $0.has } }
        set { watchers.withLock { $0.has = newValue } }
    }
    var monitorsMade: Int { watchers.withLock { $0.made } }

    @MainActor func monitor(_ uri: String, changed: @escaping @MainActor @Sendable () -> Void,
                            then: @escaping @MainActor @Sendable ((any RemoteMonitor)?) -> Void) {
        guard hasMonitors else { return then(nil) }
        let monitor = MemoryMonitor(changed)
        watchers.withLock { $0.monitors[uri, default: []].append(monitor); $0.made += 1 }
        then(monitor)
    }

    func text(_ uri: String) -> String? {
        state.withLock { $0.files[uri].map { String(decoding: $0.bytes, as: UTF8.self) } }
    }

    func read(_ uri: String, asking: Bool) throws(RemoteFailure) -> (bytes: [UInt8], version: RemoteVersion) {
        try mount(asking)
        let found = state.withLock { state in state.reachable ? state.files[uri].map { ($0.bytes, Self.version($0)) } : nil }
        guard reachable else { throw RemoteFailure(.unreachable) }
        guard let found else { throw RemoteFailure(.notFound) }
        return found
    }

    func version(of uri: String, asking: Bool) throws(RemoteFailure) -> RemoteVersion? {
        try mount(asking)
        guard reachable else { throw RemoteFailure(.unreachable) }
        return state.withLock { $0.files[uri].map(Self.version) }
    }

    /// How many writes were asked on the main thread (GIO's would trap there, or wait for ever on a mount).
    private let mainThreadWrites = Mutex(0)
    var writesOnTheMainThread: Int { mainThreadWrites.withLock { $0 } }

    func replace(_ uri: String, with bytes: [UInt8], expecting: RemoteVersion?) throws(RemoteFailure) -> RemoteVersion {
        if Thread.isMainThread { mainThreadWrites.withLock { $0 += 1 } }
        try mount(true)
        if readOnly.withLock({ $0.contains(uri) }) { throw RemoteFailure(.permissionDenied) }
        let result: Result<RemoteVersion, RemoteFailure> = state.withLock { state in
            guard state.reachable else { return .failure(RemoteFailure(.unreachable)) }
            if let expecting, let tag = expecting.tag, let current = state.files[uri], String(current.tag) != tag {
                return .failure(RemoteFailure(.changedMeanwhile))
            }
            let file = (bytes: bytes, tag: state.next)
            state.files[uri] = file
            state.next += 1
            return .success(Self.version(file))
        }
        return try result.get()
    }

    private static func version(_ file: (bytes: [UInt8], tag: Int)) -> RemoteVersion {
        RemoteVersion(tag: String(file.tag), size: Int64(file.bytes.count), modified: Int64(file.tag))
    }
}

/// A monitor of the server in memory: told of each `put` until cancelled.
@MainActor
final class MemoryMonitor: RemoteMonitor, @unchecked Sendable {
    // @unchecked: made, told and cancelled on the main actor only; held by the server's lock.
    private let changed: @MainActor @Sendable () -> Void
    private(set) var cancelled = false

    init(_ changed: @escaping @MainActor @Sendable () -> Void) { self.changed = changed }

    func tell() { if !cancelled { changed() } }
    func cancel() { cancelled = true }
}
