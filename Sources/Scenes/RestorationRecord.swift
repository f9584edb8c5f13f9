import FoundationEssentials

/// What a scene leaves behind so its window can come back (UIKit's NSUserActivity for state
/// restoration). Decoding tolerates unknown fields; every field but the version is optional.
public struct RestorationRecord: Codable, Sendable, Equatable {
    /// The format this build writes; records from a newer major format are skipped.
    public static let currentVersion = 1

    /// The format version this record was written in.
    public var version: Int
    /// Window size in application pixels.
    public var windowWidth: Int?
    public var windowHeight: Int?
    /// Window position, where the window manager lets us read and set it.
    public var windowX: Int?
    public var windowY: Int?
    /// Whether the window was maximized or fullscreen.
    public var isMaximized: Bool
    public var isFullscreen: Bool
    /// The scene delegate's own state (Tandem's: document, caret, selection, scroll, search), opaque to Scenes.
    public var payload: Data?

    /// Creates a record in the current format.
    public init(windowWidth: Int? = nil, windowHeight: Int? = nil, windowX: Int? = nil, windowY: Int? = nil,
                isMaximized: Bool = false, isFullscreen: Bool = false, payload: Data? = nil) {
        version = Self.currentVersion
        self.windowWidth = windowWidth; self.windowHeight = windowHeight
        self.windowX = windowX; self.windowY = windowY
        self.isMaximized = isMaximized; self.isFullscreen = isFullscreen
        self.payload = payload
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        windowWidth = try c.decodeIfPresent(Int.self, forKey: .windowWidth)
        windowHeight = try c.decodeIfPresent(Int.self, forKey: .windowHeight)
        windowX = try c.decodeIfPresent(Int.self, forKey: .windowX)
        windowY = try c.decodeIfPresent(Int.self, forKey: .windowY)
        isMaximized = try c.decodeIfPresent(Bool.self, forKey: .isMaximized) ?? false
        isFullscreen = try c.decodeIfPresent(Bool.self, forKey: .isFullscreen) ?? false
        payload = try c.decodeIfPresent(Data.self, forKey: .payload)
    }

    /// The record with absurd values made harmless: sizes clamped to what a screen can hold.
    public var sanitized: RestorationRecord {
        var r = self
        func clamp(_ v: Int?, _ range: ClosedRange<Int>) -> Int? { v.map { min(max($0, range.lowerBound), range.upperBound) } }
        r.windowWidth = clamp(windowWidth, 200...16_384)
        r.windowHeight = clamp(windowHeight, 150...16_384)
        r.windowX = clamp(windowX, -16_384...16_384)
        r.windowY = clamp(windowY, -16_384...16_384)
        return r
    }
}
