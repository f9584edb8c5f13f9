import FoundationEssentials

/// One session as the SessionStore keeps it on disk.
public struct SavedSession: Codable, Sendable, Equatable {
    /// The file format; files from a newer format are skipped.
    public static let currentVersion = 1
    public var version = SavedSession.currentVersion
    /// The session's persistent identifier (it also names the file).
    public var id: UUID
    /// The scene role ("editor").
    public var role: String
    /// The app's small facts about the session.
    public var userInfo: [String: String]
    /// The last record the scene left.
    public var record: RestorationRecord?
    /// The named session the window belongs to (absent: the default one).
    public var sessionName: String?

    /// Creates a saved form of a session.
    public init(id: UUID, role: String, userInfo: [String: String] = [:], record: RestorationRecord? = nil, sessionName: String? = nil) {
        self.id = id; self.role = role; self.userInfo = userInfo; self.record = record; self.sessionName = sessionName
    }
}

/// Which sessions exist, in window order, and which are recently closed or being discarded.
struct SessionIndex: Codable, Sendable, Equatable {
    static let currentVersion = 1
    var version = SessionIndex.currentVersion
    var open: [UUID] = []
    /// Most recent first.
    var recentlyClosed: [UUID] = []
    /// Discards begun but maybe not finished (a crash in between): delivered at the next launch.
    var pendingDiscards: [UUID] = []
    /// The named sessions open when this was written, in the order they were opened (absent in
    /// files from before named sessions: none).
    var openNamed: [String]?
    /// Whether the default session (`open`) was open then; absent: it was.
    var defaultIsOpen: Bool?

    /// What no index at all means: the default session open, with no window.
    static let none = SessionIndex(openNamed: [], defaultIsOpen: true)
}
