/// A file to show, with an optional place in it (1-based line and column, as on the command line).
public struct OpenFileContext: Sendable, Equatable {
    /// Absolute path of the file (it may not exist yet).
    public var path: String
    /// 1-based line to put the caret on, if given.
    public var line: Int?
    /// 1-based column on that line, if given.
    public var column: Int?

    /// Creates a context.
    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path; self.line = line; self.column = column
    }
}

/// Why a scene is being connected and what it should show (UIKit's UIScene.ConnectionOptions).
public struct ConnectionOptions: Sendable {
    /// Files to show (Tandem's editor scene shows the first).
    public var files: [OpenFileContext]
    /// The record to restore from, when the session is coming back.
    public var restorationRecord: RestorationRecord?
    /// Messages to show in the new window (problems with other arguments of the same launch).
    public var notices: [String]

    /// Creates options. What else a delegate needs (a document) it receives from its configuration.
    public init(files: [OpenFileContext] = [], restorationRecord: RestorationRecord? = nil, notices: [String] = []) {
        self.files = files; self.restorationRecord = restorationRecord; self.notices = notices
    }
}
