import Foundation
import Gtk
import XCTest
@testable import Scenes
import TestSupport

/// The state folder is hostile territory: whatever is found there is checked before it is used.
final class SessionStoreTests: XCTestCase {
    private var folder = ""
    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tandem-sessions-\(UUID().uuidString)/tandem"
    }
    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
    }

    private static func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o777
    }

    func testRoundTripWithPrivateModes() {
        let folder = self.folder
        MainActor.assumeIsolated {
            let store = SessionStore(folder: folder)
            let id = UUID()
            let saved = SavedSession(id: id, role: "editor", userInfo: ["k": "v"],
                                     record: RestorationRecord(windowWidth: 640, windowHeight: 480, isMaximized: true, payload: Data("p".utf8)))
            store.save(saved)
            store.saveIndex(SessionIndex(open: [id]))
            XCTAssertEqual(store.loadSession(id), saved)
            XCTAssertEqual(store.loadIndex().open, [id])
            store.waitUntilWritten()  // read back above from what is on its way; the modes are the disk's
            XCTAssertEqual(store.loadSession(id), saved)
            XCTAssertEqual(Self.mode(folder), 0o700)
            XCTAssertEqual(Self.mode(folder + "/session-\(id.uuidString).json"), 0o600)
            XCTAssertEqual(Self.mode(folder + "/sessions.json"), 0o600)
            store.deleteSession(id)
            XCTAssertNil(store.loadSession(id))
        }
    }

    func testHostileFilesAreSkippedWithOneLineEach() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = SessionStore(folder: folder)
            var warnings: [String] = []
            store.warn = { warnings.append($0) }
            func file(_ id: UUID) -> String { folder + "/session-\(id.uuidString).json" }
            let good = UUID(), truncated = UUID(), corrupt = UUID(), newer = UUID(), huge = UUID(),
                link = UUID(), fifo = UUID(), other = UUID(), directory = UUID()
            store.save(SavedSession(id: good, role: "editor"))
            store.waitUntilWritten()  // writes go to disk on the store's queue
            let goodData = try Data(contentsOf: URL(fileURLWithPath: file(good)))
            try goodData.prefix(goodData.count / 2).write(to: URL(fileURLWithPath: file(truncated)))
            try Data("{\"id\": 12, \"role\": [}".utf8).write(to: URL(fileURLWithPath: file(corrupt)))
            try Data(#"{"version": 99, "id": "\#(newer.uuidString)", "role": "editor", "userInfo": {}}"#.utf8)
                .write(to: URL(fileURLWithPath: file(newer)))
            try Data(count: SessionStore.maximumFileSize + 1).write(to: URL(fileURLWithPath: file(huge)))
            try FileManager.default.createSymbolicLink(atPath: file(link), withDestinationPath: "/etc/passwd")
            mkfifo(file(fifo), 0o600)
            store.save(SavedSession(id: good, role: "editor"))
            store.waitUntilWritten()
            try FileManager.default.copyItem(atPath: file(good), toPath: file(other))  // names another session
            try FileManager.default.createDirectory(atPath: file(directory), withIntermediateDirectories: false)

            XCTAssertNotNil(store.loadSession(good))
            for id in [truncated, corrupt, newer, huge, link, fifo, other, directory] {
                warnings.removeAll()
                XCTAssertNil(store.loadSession(id))
                XCTAssertEqual(warnings.count, 1, "exactly one line for \(id): \(warnings)")
            }
            XCTAssertNil(store.loadSession(UUID()), "a missing file is simply absent")

            // Writing a session whose file is a planted link replaces the link, never the target.
            let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
            store.save(SavedSession(id: link, role: "editor"))
            XCTAssertEqual(try String(contentsOfFile: "/etc/passwd", encoding: .utf8), passwd)
            XCTAssertNotNil(store.loadSession(link))

            // A damaged index is an empty one, reported once.
            try Data("not json".utf8).write(to: URL(fileURLWithPath: folder + "/sessions.json"))
            warnings.removeAll()
            XCTAssertEqual(store.loadIndex(), SessionIndex())
            XCTAssertEqual(warnings.count, 1)
        }
    }

    func testStateFolderThatIsALinkIsNotUsed() throws {
        let parent = (folder as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: parent + "/elsewhere")
        let folder = self.folder
        MainActor.assumeIsolated {
            let store = SessionStore(folder: folder)
            store.save(SavedSession(id: UUID(), role: "editor"))
            XCTAssertEqual(try? FileManager.default.contentsOfDirectory(atPath: parent + "/elsewhere"), [])
        }
    }

    /// Fuzz: random bytes, and random mutations of a real record, never crash or hang the reader.
    func testFuzzedRecordsNeverCrash() throws {
        let folder = self.folder
        let ranClean = try MainActor.assumeIsolated { () -> Int in
            let store = SessionStore(folder: folder)
            store.warn = { _ in }
            let id = UUID()
            let path = folder + "/session-\(id.uuidString).json"
            store.save(SavedSession(id: id, role: "editor", userInfo: ["a": "b"],
                                    record: RestorationRecord(windowWidth: 10, windowHeight: 10, payload: Data("{}".utf8))))
            store.waitUntilWritten()
            let seed = try Data(contentsOf: URL(fileURLWithPath: path))
            var generator = SplitMix64(testSeed: 20_000)
            var clean = 0
            for round in 0..<20_000 {
                var bytes: [UInt8]
                if round % 2 == 0 {
                    bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                } else {
                    bytes = Array(seed)
                    for _ in 0..<Int.random(in: 1...6, using: &generator) where !bytes.isEmpty {
                        let at = Int.random(in: 0..<bytes.count, using: &generator)
                        switch Int.random(in: 0..<3, using: &generator) {
                        case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                        case 1: bytes.remove(at: at)
                        default: bytes.insert(bytes[Int.random(in: 0..<bytes.count, using: &generator)], at: at)
                        }
                    }
                }
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                if let loaded = store.loadSession(id) {
                    // Whatever decodes is sane after sanitizing.
                    let record = loaded.record?.sanitized
                    XCTAssertTrue((200...16_384).contains(record?.windowWidth ?? 200))
                }
                clean += 1
            }
            return clean
        }
        XCTAssertEqual(ranClean, 20_000)
        print("fuzzed session records: \(ranClean) inputs ran clean")
    }

    /// A save of the bytes a file holds, as read or last written, is skipped: a warm launch
    /// that restores its windows as they were writes nothing. Anything else is written.
    func testASaveOfWhatTheFileHoldsIsSkipped() {
        let folder = self.folder
        MainActor.assumeIsolated {
            let id = UUID()
            let path = folder + "/session-\(id.uuidString).json", index = folder + "/sessions.json"
            let saved = SavedSession(id: id, role: "editor", record: RestorationRecord(windowWidth: 640, windowHeight: 480))
            var store = SessionStore(folder: folder)
            XCTAssertEqual(store.loadIndex(), SessionIndex(), "a first launch: no index")
            store.saveIndex(SessionIndex.none)
            XCTAssertNil(store.writesAsked[index], "an open, empty default session is what no index says")
            XCTAssertFalse(FileManager.default.fileExists(atPath: index))
            store.saveIndex(SessionIndex(open: [id], openNamed: [], defaultIsOpen: true))
            store.save(saved)
            store.save(saved)
            XCTAssertEqual(store.savesAsked[path], 2)
            XCTAssertEqual(store.writesAsked[path], 1, "the same record again: not written")
            XCTAssertEqual(store.writesAsked[index], 1)
            var moved = saved
            moved.record?.windowWidth = 700
            store.save(moved)
            XCTAssertEqual(store.writesAsked[path], 2, "a changed record is written")
            store.waitUntilWritten()

            // The next launch reads what it restores, and saves it as it was.
            store = SessionStore(folder: folder)
            XCTAssertEqual(store.loadIndex().open, [id])
            XCTAssertEqual(store.loadSession(id), moved)
            store.save(moved)
            store.saveIndex(SessionIndex(open: [id], openNamed: [], defaultIsOpen: true))
            XCTAssertNil(store.writesAsked[path])
            XCTAssertNil(store.writesAsked[index])
            store.deleteSession(id)
            store.save(moved)
            XCTAssertEqual(store.writesAsked[path], 1, "written again after a delete")
            store.waitUntilWritten()
            XCTAssertEqual(store.loadSession(id), moved)

            // A write that failed leaves the file unknown: the same save is written again.
            store.deleteSession(id)
            store.waitUntilWritten()
            XCTAssertEqual(mkdir(path, 0o700), 0)  // GLib cannot replace a folder with a file
            store.save(saved)
            store.waitUntilWritten()
            MainLoop.installMainQueueBridge()
            MainLoop.run(for: 0.2)  // the failure is told to the main thread
            rmdir(path)
            store.save(saved)
            XCTAssertEqual(store.writesAsked[path], 3)
            store.waitUntilWritten()
            XCTAssertEqual(store.loadSession(id), saved)
        }
    }

    /// A record that could not be written (a state folder full or read-only) is said on the
    /// store until a write works, and written again by itself once it can: a window that changes
    /// no more still comes back as it was.
    func testAFailedWriteIsWrittenAgainOnceItCanBe() {
        let folder = self.folder
        MainActor.assumeIsolated {
            MainLoop.installMainQueueBridge()
            let id = UUID()
            let path = folder + "/session-\(id.uuidString).json"
            let saved = SavedSession(id: id, role: "editor", record: RestorationRecord(windowWidth: 640, windowHeight: 480))
            let store = SessionStore(folder: folder)
            XCTAssertEqual(mkdir(path, 0o700), 0)  // GLib cannot replace a folder with a file
            store.save(saved)
            store.waitUntilWritten()
            MainLoop.run(for: 0.2)  // the failure is told to the main thread
            XCTAssertNotNil(store.failure)
            rmdir(path)
            MainLoop.run(for: SessionStore.retryDelay + 1)
            store.waitUntilWritten()
            MainLoop.run(for: 0.2)
            XCTAssertEqual(store.loadSession(id), saved, "written again without another save")
            XCTAssertNil(store.failure, "said no more once a write works")
        }
    }

    /// A damaged index is written again at the first save, even one of the empty index.
    func testADamagedIndexIsWrittenAgain() throws {
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = SessionStore(folder: folder)
            store.warn = { _ in }
            let index = folder + "/sessions.json"
            try Data("{not json".utf8).write(to: URL(fileURLWithPath: index))
            XCTAssertEqual(store.loadIndex(), SessionIndex())
            store.saveIndex(SessionIndex.none)
            store.waitUntilWritten()
            XCTAssertEqual(store.writesAsked[index], 1)
            XCTAssertEqual(store.loadIndex(), SessionIndex.none)
        }
    }
}
