import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    // @unchecked: immutable after init.
    /// The folder's absolute path.
    public let path: String

    /// Creates the folder; `label` makes it recognizable when a run leaves one behind.
    public init(_ label: String) throws {
        path = NSTemporaryDirectory() + "tandem-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
