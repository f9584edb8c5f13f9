import Foundation

/// A real small disk for a test: a tmpfs of `size` mounted on a fresh folder (the tests run as
/// root), that can be filled to a few bytes of room and emptied again; unmounted when released.
public final class SmallDisk: @unchecked Sendable {
    // @unchecked: immutable after init; the filler's path is fixed.
    /// Where it is mounted.
    public let path: String
    private var filler: String { path + "/.filler" }

    /// Mounts the tmpfs (`size` as mount(8) says it: "256k", "1m"); throws when it cannot.
    public init(size: String) throws {
        path = NSTemporaryDirectory() + "tandem-disk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey:
                "could not mount a tmpfs at \(path): a test on a small disk is root only (CI runs as root)"])
        }
    }

    /// The bytes free on it now.
    public var room: Int {
        var info = statvfs()
        statvfs(path, &info)
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// Fills it, leaving about `leaving` bytes free.
    public func fill(leaving: Int = 0) throws {
        let existing = (try? FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int) ?? 0
        try Data(count: max(0, existing + room - leaving)).write(to: URL(fileURLWithPath: filler))
    }

    /// Gives the room `fill` took back.
    public func empty() { try? FileManager.default.removeItem(atPath: filler) }

    /// Remounts it read-only (true) or read-write.
    public func setReadOnly(_ readOnly: Bool) -> Bool {
        Self.run("/bin/mount", ["-o", readOnly ? "remount,ro" : "remount,rw", path]) == 0
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }
}
