import Foundation
import Synchronization
import TestSupport
import XCTest
@testable import Documents

/// The watcher's reader drops, off the main thread, what no open file cares about: a log written
/// beside an open file must not wake the main thread at every write.
final class InotifyReaderTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("inotify-reader") }

    private static func append(_ path: String, times: Int) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        for _ in 0..<times { _ = "a log line\n".withCString { write(fd, $0, strlen($0)) } }
        close(fd)
    }

    /// An inotify descriptor watching `folder` as FileWatcher does, and the watch.
    private static func watching(_ folder: String) -> (fd: Int32, wd: Int32) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        XCTAssertGreaterThanOrEqual(fd, 0)
        let wd = inotify_add_watch(fd, folder, UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM))
        XCTAssertGreaterThanOrEqual(wd, 0)
        return (fd, wd)
    }

    func testWritesToFilesNoOneWatchesAreDroppedAndTheWatchedFilesAreKept() throws {
        let folder = temporary.path
        let log = folder + "/build.log", watched = folder + "/notes.txt"
        Self.append(log, times: 1)
        Self.append(watched, times: 1)
        let (fd, wd) = Self.watching(folder)
        defer { close(fd) }
        let reader = InotifyReader(fd: fd)
        reader.publish([wd: ["notes.txt"]])

        Self.append(log, times: 500)
        XCTAssertFalse(reader.read(), "500 writes to a file no one watches send nothing to the main thread")
        XCTAssertTrue(reader.take().isEmpty)

        Self.append(watched, times: 3)
        XCTAssertTrue(reader.read(), "a write to the watched file is sent")
        XCTAssertFalse(reader.read(), "and sent once until it is taken")
        let kept = reader.take()
        XCTAssertFalse(kept.isEmpty)
        XCTAssertTrue(kept.allSatisfy { $0.name == "notes.txt" && $0.wd == wd }, "\(kept.map(\.name))")
        XCTAssertTrue(kept.contains { $0.mask & UInt32(IN_CLOSE_WRITE) != 0 })

        // A file made in the folder may be a missing folder coming back, or the new name of a
        // watched file: kept, whatever its name.
        Self.append(folder + "/download.part", times: 1)
        XCTAssertTrue(reader.read())
        XCTAssertEqual(reader.take().filter { $0.mask & UInt32(IN_CREATE) != 0 }.map(\.name), ["download.part"])

        // A watch not published yet keeps everything: the reader never guesses.
        reader.publish([:])
        Self.append(log, times: 1)
        XCTAssertTrue(reader.read())
        XCTAssertTrue(reader.take().contains { $0.name == "build.log" })
    }

    /// A watcher that goes closes its descriptor: a process may hold only 128 inotify instances,
    /// and the tests make far more stores than that.
    func testAWatcherThatGoesClosesItsDescriptor() throws {
        let path = temporary.path + "/a.txt"
        try "a\n".write(toFile: path, atomically: false, encoding: .utf8)
        func openDescriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1 }
        let before = openDescriptors()
        MainActor.assumeIsolated {
            for _ in 0..<300 {
                let watcher = FileWatcher(onChange: { _, _ in })
                watcher.watch(path)
                Self.append(path, times: 1)  // a read on its way as it goes
                watcher.poll()
            }
        }
        let deadline = Date().addingTimeInterval(3)
        while openDescriptors() > before + 2 && Date() < deadline { usleep(10_000) }
        XCTAssertLessThanOrEqual(openDescriptors(), before + 2, "every watcher's descriptor is closed once it goes")
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        XCTAssertGreaterThanOrEqual(fd, 0, "inotify is still there for the next store")
        close(fd)
    }

    /// Through the whole watcher: a neighbour written many times brings no event to the main
    /// thread and no report, and the watched file's change is still reported.
    func testANeighbourWrittenOftenIsNotReportedAndTheWatchedFileStillIs() throws {
        let folder = temporary.path
        let path = folder + "/watched.txt"
        try "one\n".write(toFile: path, atomically: false, encoding: .utf8)
        Self.append(folder + "/build.log", times: 1)  // made before: its creation would be kept
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            let readsBefore = store.disk.readsWithEvents
            Self.append(folder + "/build.log", times: 200)
            // Once the reader has read the writes off the main thread, anything it kept is taken.
            let deadline = Date().addingTimeInterval(5)
            while store.disk.readsWithEvents == readsBefore && Date() < deadline { usleep(5_000) }
            XCTAssertGreaterThan(store.disk.readsWithEvents, readsBefore, "the reader saw the writes")
            store.pollDiskChanges()
            XCTAssertEqual(store.disk.eventsTaken, 0, "no event about a file no document shows reaches the main thread")
            XCTAssertEqual(store.disk.reportCount, 0)
            try "one\ntwo\n".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertTrue(DiskChangeTests.wait(store) { document.text == "one\ntwo\n" })
            XCTAssertEqual(store.disk.reportCount, 1)
        }
    }

    /// A file written without a pause beside the watched one (a fast logger, `yes > file`) has a
    /// new event waiting after every read: the reader still rests between reads, and what it
    /// keeps about the watched file reaches the main thread while the writer goes on.
    func testAWriterThatNeverPausesIsReadAtRestAndHoldsNothingBack() throws {
        let folder = temporary.path
        let noise = folder + "/noise.log", watched = folder + "/notes.txt"
        Self.append(noise, times: 1)
        Self.append(watched, times: 1)
        let (fd, wd) = Self.watching(folder)
        let reader = InotifyReader(fd: fd)  // closes the descriptor once stopped
        defer { reader.stop() }
        reader.publish([wd: ["notes.txt"]])
        final class Counter: Sendable { let value = Atomic<Int>(0) }
        let told = Counter(), stop = Counter(), written = Counter()
        reader.start { told.value.add(1, ordering: .relaxed) }
        let writer = Thread {
            let out = open(noise, O_WRONLY | O_APPEND)
            while stop.value.load(ordering: .relaxed) == 0 {
                _ = write(out, "x", 1)
                written.value.add(1, ordering: .relaxed)
            }
            close(out)
        }
        writer.start()
        defer { stop.value.store(1, ordering: .relaxed) }
        /// Waits (up to ten seconds, however slow the machine) until the writer wrote `count` more times.
        func awaitWrites(_ count: Int) {
            let target = written.value.load(ordering: .relaxed) + count
            let deadline = Date().addingTimeInterval(10)
            while written.value.load(ordering: .relaxed) < target && Date() < deadline { usleep(1_000) }
        }
        awaitWrites(20_000)
        let readsBefore = reader.readCount.load(ordering: .relaxed), writesBefore = written.value.load(ordering: .relaxed)
        Self.append(watched, times: 1)
        let deadline = Date().addingTimeInterval(5)
        while told.value.load(ordering: .relaxed) == 0 && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(told.value.load(ordering: .relaxed), 1, "the watched file's write is sent while the neighbour is still written")
        XCTAssertEqual(reader.take().map(\.name).filter { $0 != "notes.txt" }, [])
        awaitWrites(100_000)
        let reads = reader.readCount.load(ordering: .relaxed) - readsBefore
        let writes = written.value.load(ordering: .relaxed) - writesBefore
        stop.value.store(1, ordering: .relaxed)
        // Resting between reads, inotify merges the writes that wait: reads are far fewer than
        // writes (read until empty, each read found the last write).
        XCTAssertLessThan(reads * 100, writes, "\(reads) reads for \(writes) writes")
        XCTAssertGreaterThan(reads, 0)
    }
}
