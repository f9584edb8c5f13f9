import Foundation
import SafeFiles
import Synchronization
import TestSupport
import XCTest

/// Every call of every write path fails in turn, as SQLite's I/O-error tests fail them: the Nth
/// call of each kind, once or from then on, with each errno a full, read-only or dying disk gives,
/// and a write that takes half of its bytes before the disk fills. After each: the file holds its
/// old bytes or the new ones, never a mix; a write that says it worked wrote the new bytes with
/// the old mode; a failure says the errno injected; nothing is left beside the file.
final class WriteFaultTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("write-faults") }

    static let codes: [Int32] = [ENOSPC, EDQUOT, EROFS, EIO, EACCES]

    /// One way a file is written: what is there before, and the write.
    private struct Path {
        var name: String
        /// Lays out the folder (the old file, its other names); returns the old bytes (nil: no file).
        var prepare: (_ folder: String) throws -> [UInt8]?
        var write: (_ folder: String, _ calls: FileCalls) throws(FileWriteError) -> Void
        var new: [UInt8]
        /// Names that are the file's own in the folder (its hard links).
        var names: Set<String>
    }

    private static let oldBytes = Array(String(repeating: "old line of the file\n", count: 300).utf8)
    private static let longer = Array(String(repeating: "the longer new text, written over the old\n", count: 400).utf8)
    private static let shorter = Array("short new text\n".utf8)

    private static func oldFile(_ folder: String, mode: mode_t = 0o640) throws -> [UInt8] {
        try Data(oldBytes).write(to: URL(fileURLWithPath: folder + "/f.txt"))
        chmod(folder + "/f.txt", mode)
        return oldBytes
    }

    private let paths: [Path] = [
        Path(name: "created", prepare: { _ in nil }, write: { folder, calls throws(FileWriteError) in
            try AtomicFileWriter.write(Data(longer), to: folder + "/f.txt", calls: calls)
        }, new: longer, names: ["f.txt"]),
        Path(name: "replaced", prepare: { try oldFile($0) }, write: { folder, calls throws(FileWriteError) in
            try AtomicFileWriter.write(Data(longer), to: folder + "/f.txt", calls: calls)
        }, new: longer, names: ["f.txt"]),
        Path(name: "replaced, guarded", prepare: { try oldFile($0) }, write: { folder, calls throws(FileWriteError) in
            var info = stat()
            stat(folder + "/f.txt", &info)
            let known = info
            let guarding = WriteGuard { $0.st_ino == known.st_ino && $0.st_size == known.st_size }
            _ = try AtomicFileWriter.commit(Data(shorter), to: folder + "/f.txt", guarding: guarding, calls: calls)
        }, new: shorter, names: ["f.txt"]),
        Path(name: "state file", prepare: { try oldFile($0, mode: 0o600) }, write: { folder, calls throws(FileWriteError) in
            try AtomicFileWriter.write(Data(longer), to: folder + "/f.txt", mode: 0o600, followingSymlinks: false, calls: calls)
        }, new: longer, names: ["f.txt"]),
        inPlace("in place, growing", to: longer),
        inPlace("in place, shrinking", to: shorter),
    ]

    /// A file with a second name (so rewritten in place) written as `new`.
    private static func inPlace(_ name: String, to new: [UInt8]) -> Path {
        Path(name: name, prepare: { folder in
            let old = try oldFile(folder)
            link(folder + "/f.txt", folder + "/g.txt")
            return old
        }, write: { folder, calls throws(FileWriteError) in
            try AtomicFileWriter.write(Data(new), to: folder + "/f.txt", calls: calls)
        }, new: new, names: ["f.txt", "g.txt"])
    }

    private func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    /// Runs `path` once under `plan` in a folder of its own and checks what it left.
    private func run(_ path: Path, _ plan: FaultPlan, label: String) throws {
        let folder = temporary.file(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = try path.prepare(folder)
        var before = stat()
        stat(folder + "/f.txt", &before)
        var failure: FileWriteError?
        do throws(FileWriteError) { try path.write(folder, plan.calls) } catch { failure = error }
        guard plan.wasHit || plan.nth == .max else { return }
        let now = bytes(folder + "/f.txt")
        var after = stat()
        stat(folder + "/f.txt", &after)
        if let failure {
            XCTAssertEqual(failure.code, plan.code, "\(label): the failure says the errno that happened")
            if failure.damaged {
                XCTAssertTrue(plan.persistent, "\(label): a file is left damaged only when putting it back fails too")
            } else {
                XCTAssertTrue(now == old || now == path.new, "\(label): the file holds old bytes or new, never a mix")
            }
        } else {
            XCTAssertEqual(now, path.new, "\(label): a write that worked wrote the new bytes")
            // Only a call with another way round may fail unsaid: a temp file's removal, the
            // owner or attributes (then written in place), and the swap of a guarded replace
            // (then renamed, as where the file system cannot swap).
            let tolerated: Set<FileCalls.Kind> = [.unlink, .xattr, .chown]
            XCTAssertTrue(!plan.wasHit || tolerated.contains(plan.kind) || plan.partial || (path.name.hasSuffix("guarded") && plan.kind == .rename && plan.nth == 1),
                          "\(label): a call that failed is said")
        }
        if old != nil, now == path.new {
            XCTAssertEqual(after.st_mode & 0o7777, before.st_mode & 0o7777, "\(label): the file keeps its mode")
        }
        for name in path.names.subtracting(["f.txt"]) {
            XCTAssertEqual(bytes(folder + "/" + name), now, "\(label): every name of the file sees the same bytes")
        }
        // A temp file whose removal itself was made to fail may stay, hidden; nothing else may.
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        let expected = now == nil ? path.names.subtracting(["f.txt"]) : path.names
        if plan.kind != .unlink {
            XCTAssertEqual(left, expected, "\(label): nothing is left beside the file")
        }
    }

    func testEveryCallOfEveryWritePathFailsInTurn() throws {
        var runs = 0
        for path in paths {
            let census = FaultPlan.counting()
            try run(path, census, label: "\(path.name), no fault")
            for kind in FileCalls.Kind.allCases {
                let count = census.count(of: kind)
                guard count > 0 else { continue }
                for nth in 1...count {
                    for code in Self.codes {
                        for persistent in [false, true] {
                            let plan = FaultPlan(kind, nth: nth, code: code, persistent: persistent)
                            try run(path, plan, label: "\(path.name): \(kind) #\(nth) \(persistent ? "onwards" : "once") errno \(code)")
                            XCTAssertTrue(plan.wasHit, "\(path.name): \(kind) #\(nth) is reached")
                            runs += 1
                        }
                    }
                    if kind == .write {
                        let plan = FaultPlan(.write, nth: nth, code: ENOSPC, partial: true)
                        try run(path, plan, label: "\(path.name): write #\(nth) half written, then ENOSPC")
                        runs += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(runs, 300, "the walk covers the calls it should")
    }

    /// Another program's write slips in between the guard's last look and the swap, and the swap
    /// back fails too: that write is kept beside the file under a name no other file has (an
    /// earlier one is never overwritten), and the save says the file changed meanwhile.
    func testAWriteThatSlipsInIsKeptBesideUnderANameOfItsOwn() throws {
        let folder = temporary.path, path = folder + "/f.txt"
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: path))
        try Data("kept from before\n".utf8).write(to: URL(fileURLWithPath: path + ".tandem-other"))
        let looks = Mutex(0)
        // Yes at the two looks before the swap (the commit's and the rename's), no at the look
        // after it: the file swapped out is not the version known.
        let guarding = WriteGuard { _ in looks.withLock { $0 += 1; return $0 <= 2 } }
        let plan = FaultPlan(.rename, nth: 2, code: EIO)
        XCTAssertThrowsError(try AtomicFileWriter.commit(Data("mine\n".utf8), to: path, guarding: guarding, calls: plan.calls)) { error in
            XCTAssertEqual((error as? FileWriteError)?.changedMeanwhile, true)
        }
        XCTAssertTrue(plan.wasHit)
        XCTAssertEqual(bytes(path + ".tandem-other"), Array("kept from before\n".utf8), "an earlier one is never overwritten")
        XCTAssertEqual(bytes(path + ".tandem-other-2"), Array("theirs\n".utf8), "the write that slipped in is kept")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder)), ["f.txt", "f.txt.tandem-other", "f.txt.tandem-other-2"])
    }

    /// The walk's census: each path makes the calls that keep its promise (room secured before an
    /// in-place write, the folder synced after a rename, the mode set on a temp file).
    func testEachPathMakesTheCallsThatKeepItsPromise() throws {
        func census(_ name: String) throws -> FaultPlan {
            let plan = FaultPlan.counting()
            try run(paths.first { $0.name == name }!, plan, label: name)
            return plan
        }
        let growing = try census("in place, growing")
        XCTAssertEqual(growing.count(of: .allocate), 1, "room is secured before the old bytes are overwritten")
        let shrinking = try census("in place, shrinking")
        XCTAssertEqual(shrinking.count(of: .sync), 2, "the new bytes are synced before the file is cut, and after")
        XCTAssertEqual(shrinking.count(of: .truncate), 1)
        let replaced = try census("replaced")
        XCTAssertEqual(replaced.count(of: .folderSync), 1)
        XCTAssertGreaterThanOrEqual(replaced.count(of: .chmod), 1)
    }
}
