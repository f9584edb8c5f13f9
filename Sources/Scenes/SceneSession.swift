import FoundationEssentials

/// A window's identity that outlives the window itself (UIKit's UISceneSession).
@MainActor
public final class SceneSession: Hashable {
    /// Stable across launches; names the session's files on disk.
    public let persistentIdentifier: UUID
    /// The role of the scene ("editor").
    public let role: String
    /// The configuration chosen when the session was first connected.
    public internal(set) var configuration: SceneConfiguration?
    /// The record the scene last left behind, used to restore it.
    public var stateRestorationRecord: RestorationRecord?
    /// The named session the window belongs to (nil: the default one).
    public internal(set) var sessionName: SessionName?
    /// Small facts the app wants kept with the session.
    public var userInfo: [String: String] = [:]
    /// The connected scene, or nil while the session has no window.
    public internal(set) weak var scene: WindowScene?

    /// Creates a session (new, or read back with a known identifier).
    public init(persistentIdentifier: UUID = UUID(), role: String) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
    }

    nonisolated public static func == (a: SceneSession, b: SceneSession) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// A short form of the identifier for logs.
    public var shortID: String { String(persistentIdentifier.uuidString.prefix(8)) }
}
