import Foundation

/// What a scene leaves behind so its window can come back (UIKit's NSUserActivity for state restoration).
public struct RestorationRecord: Codable, Sendable, Equatable {
    /// The format this build writes; readers accept older ones and ignore unknown fields.
    public static let currentVersion = 1

    /// The format version this record was written in.
    public var version: Int
    /// Window width and height in application pixels.
    public var windowWidth: Int?
    public var windowHeight: Int?
    /// Whether the window was maximized.
    public var isMaximized: Bool
    /// The scene delegate's own state (Tandem's: document, caret, selection, scroll), opaque to Scenes.
    public var payload: Data?

    /// Creates a record in the current format.
    public init(windowWidth: Int? = nil, windowHeight: Int? = nil, isMaximized: Bool = false, payload: Data? = nil) {
        self.version = Self.currentVersion
        self.windowWidth = windowWidth; self.windowHeight = windowHeight
        self.isMaximized = isMaximized; self.payload = payload
    }
}
