import Background
import CXattr
import Foundation
import SafeFiles
import Synchronization
import TestSupport
import XCTest

/// Saving keeps what a file is: its mode, owner, group, extended attributes, hard links and
/// symlinks; only the bytes change. (Permission refusals need an unprivileged user: the
/// end-to-end tests run those as `nobody`.)
final class AtomicFileWriterTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }
    override func setUpWithError() throws { temporary = try TemporaryFolder("writer") }

    private func info(_ path: String) -> stat {
        var result = stat()
        XCTAssertEqual(stat(path, &result), 0)
        return result
    }

    private func attribute(_ name: String, of path: String) -> String? {
        var value = [UInt8](repeating: 0, count: 64)
        let length = getxattr(path, name, &value, value.count)
        return length < 0 ? nil : String(decoding: value[0..<length], as: UTF8.self)
    }

    func testReplacingKeepsModeOwnerGroupAndExtendedAttributes() throws {
        let path = folder + "/kept.txt"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        // Another owner and group than ours (the tests run as root, who may give files away).
        XCTAssertEqual(chown(path, 65534, 65534), 0, "the test needs to run as root")
        XCTAssertEqual(setxattr(path, "user.tandem", "kept", 4, 0), 0)
        let before = info(path)

        let how = try AtomicFileWriter.write(Data("new\n".utf8), to: path)
        XCTAssertEqual(how, .replaced)
        let after = info(path)
        XCTAssertNotEqual(after.st_ino, before.st_ino, "a new file took the old one's place")
        XCTAssertEqual(after.st_mode & 0o7777, 0o640)
        XCTAssertEqual(after.st_uid, 65534)
        XCTAssertEqual(after.st_gid, 65534)
        XCTAssertEqual(attribute("user.tandem", of: path), "kept")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["kept.txt"], "no temp file left")
    }

    func testAHardLinkedFileIsWrittenInPlaceSoEveryNameSeesIt() throws {
        let path = folder + "/linked.txt", other = folder + "/other-name.txt"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(link(path, other), 0)
        let before = info(path)

        XCTAssertEqual(try AtomicFileWriter.write(Data("shorter\n".utf8), to: path), .inPlace)
        XCTAssertEqual(info(path).st_ino, before.st_ino)
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), "shorter\n")
        XCTAssertEqual(try AtomicFileWriter.write(Data("s\n".utf8), to: path), .inPlace)
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), "s\n", "a shorter text leaves nothing of the longer one")
    }

    func testALinkStaysALinkAndANewFileIsCreated() throws {
        let target = folder + "/target.txt", link = folder + "/link.txt"
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.txt")
        XCTAssertEqual(try AtomicFileWriter.write(Data("via link\n".utf8), to: link), .replaced)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "target.txt")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "via link\n")
        XCTAssertEqual(try AtomicFileWriter.write(Data("fresh\n".utf8), to: folder + "/fresh.txt"), .created)
    }

    /// A new file takes 0666 less the umask, which is read without being changed (umask(2) would
    /// change it for every thread of the process while a save runs).
    func testANewFileTakesTheUmaskWhichStaysAsItWas() throws {
        let old = umask(0o027)
        defer { umask(old) }
        XCTAssertEqual(try AtomicFileWriter.write(Data("new\n".utf8), to: folder + "/new.txt"), .created)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder + "/new.txt")[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o640)
        XCTAssertEqual(umask(0o027), 0o027, "the umask is as it was")
    }

    func testStateFilesReplaceWhateverIsThereWithTheirOwnMode() throws {
        let path = folder + "/state.json", elsewhere = folder + "/elsewhere.txt"
        try "theirs\n".write(toFile: elsewhere, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        try AtomicFileWriter.write(Data("{}".utf8), to: path, mode: 0o600, followingSymlinks: false)
        XCTAssertEqual(try String(contentsOfFile: elsewhere, encoding: .utf8), "theirs\n", "a link there is replaced, not followed")
        XCTAssertEqual(info(path).st_mode & 0o7777, 0o600)
    }

    /// A save stopped before it reaches the file leaves the file as it was and no temp file,
    /// whichever way it would have written (new file, replacement, in place).
    func testACancelledWriteLeavesEverythingAsItWas() throws {
        let stopped = Cancellation()
        stopped.cancel()
        let existing = folder + "/existing.txt", linked = folder + "/linked.txt", new = folder + "/new.txt"
        try "old\n".write(toFile: existing, atomically: false, encoding: .utf8)
        try "old\n".write(toFile: linked, atomically: false, encoding: .utf8)
        XCTAssertEqual(link(linked, folder + "/other-name.txt"), 0)  // hard links: written in place
        for path in [existing, linked, new] {
            XCTAssertThrowsError(try AtomicFileWriter.write(Data("new\n".utf8), to: path, cancellation: stopped)) { error in
                XCTAssertEqual((error as? FileWriteError)?.code, ECANCELED, path)
            }
        }
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "old\n")
        XCTAssertEqual(try String(contentsOfFile: linked, encoding: .utf8), "old\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: new))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tandem-") }, [])
    }

    /// Cancelled while it writes (from another thread, at a moment it does not choose): the file
    /// is either all old or all new, never half, and no temp file stays.
    func testACancelDuringAWriteIsAllOrNothing() throws {
        let path = folder + "/big.txt"
        let old = Data(repeating: UInt8(ascii: "o"), count: 1 << 20)
        let new = Data(repeating: UInt8(ascii: "n"), count: 64 << 20)
        var outcomes: Set<String> = []
        for delay in [0, 1_000, 5_000, 20_000, 100_000] {
            try old.write(to: URL(fileURLWithPath: path))
            let cancellation = Cancellation()
            let cancelling = Thread { usleep(useconds_t(delay)); cancellation.cancel() }
            cancelling.start()
            do {
                try AtomicFileWriter.write(new, to: path, cancellation: cancellation)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), new, "written whole")
                outcomes.insert("written")
            } catch {
                XCTAssertEqual(error.code, ECANCELED)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), old, "left as it was")
                outcomes.insert("cancelled")
            }
            while !cancellation.isCancelled { usleep(1_000) }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tandem-") }, [])
        }
        XCTAssertTrue(outcomes.contains("cancelled"), "at least the earliest cancel stopped the write")
    }
}

/// A save is a guarded commit: it never overwrites a version it did not expect.
final class GuardedCommitTests: XCTestCase {
    private var folder: String!
    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tandem-guarded-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private static func stamp(_ path: String) -> stat {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        return info
    }

    private static func same(_ a: stat, _ b: stat) -> Bool {
        a.st_ino == b.st_ino && a.st_size == b.st_size && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec
    }

    func testAFileChangedSinceItWasKnownIsNotOverwritten() throws {
        let path = folder + "/g.txt"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let known = Self.stamp(path)
        try "theirs, longer\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try AtomicFileWriter.commit(Data("mine\n".utf8), to: path,
                                                         guarding: WriteGuard { Self.same($0, known) })) { error in
            XCTAssertTrue((error as? FileWriteError)?.changedMeanwhile ?? false)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "theirs, longer\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["g.txt"], "no temp file left")
    }

    /// Another program writes the file right after the last check and before the rename: the
    /// swap shows it, and is undone; their write stays.
    func testAWriteThatSlipsInBeforeTheSwapIsKept() throws {
        let path = folder + "/s.txt"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let known = Self.stamp(path)
        let checks = Mutex(0)
        let guarding = WriteGuard { info in
            let check = checks.withLock { count -> Int in count += 1; return count }
            if check == 2 {
                // The check before the rename passed; now the other program writes, in place.
                let handle = FileHandle(forWritingAtPath: path)!
                handle.write(Data("THEIRS\n".utf8))
                handle.closeFile()
                return true
            }
            return Self.same(info, known)
        }
        XCTAssertThrowsError(try AtomicFileWriter.commit(Data("mine\n".utf8), to: path, guarding: guarding)) { error in
            XCTAssertTrue((error as? FileWriteError)?.changedMeanwhile ?? false)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "THEIRS\n", "their write is the file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["s.txt"], "no temp file left")
    }

    func testTheVersionWrittenIsTheWrittenFilesOwn() throws {
        let path = folder + "/v.txt"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let known = Self.stamp(path)
        let (how, written) = try AtomicFileWriter.commit(Data("new text\n".utf8), to: path, guarding: WriteGuard { Self.same($0, known) })
        XCTAssertEqual(how, .replaced)
        XCTAssertTrue(Self.same(written, Self.stamp(path)))
        XCTAssertEqual(written.st_size, 9)
    }
}
