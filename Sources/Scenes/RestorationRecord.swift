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
    /// The windowing system that saved it ("x11", "wayland"; nil in records from before it was
    /// kept): a position means something only where X11 saved it.
    public var backend: String?
    /// Whether the window was maximized or fullscreen.
    public var isMaximized: Bool
    public var isFullscreen: Bool
    /// Which window the scene was a tab of, where among its tabs, and whether it was the one shown
    /// (nil in records from before windows had tabs: a window of its own).
    public var tab: TabPlacement?
    /// The scene delegate's own state (Tandem's: document, caret, selection, scroll, search), opaque to Scenes.
    public var payload: Data?

    /// Creates a record in the current format.
    public init(windowWidth: Int? = nil, windowHeight: Int? = nil, windowX: Int? = nil, windowY: Int? = nil,
                backend: String? = nil, isMaximized: Bool = false, isFullscreen: Bool = false, payload: Data? = nil) {
        version = Self.currentVersion
        self.windowWidth = windowWidth; self.windowHeight = windowHeight
        self.windowX = windowX; self.windowY = windowY
        self.backend = backend
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
        backend = try c.decodeIfPresent(String.self, forKey: .backend)
        isMaximized = try c.decodeIfPresent(Bool.self, forKey: .isMaximized) ?? false
        isFullscreen = try c.decodeIfPresent(Bool.self, forKey: .isFullscreen) ?? false
        payload = try c.decodeIfPresent(Data.self, forKey: .payload)
        tab = try? c.decodeIfPresent(TabPlacement.self, forKey: .tab)
    }

    /// The record with absurd values made harmless: sizes clamped to what a screen can hold.
    public var sanitized: RestorationRecord {
        var r = self
        func clamp(_ v: Int?, _ range: ClosedRange<Int>) -> Int? { v.map { min(max($0, range.lowerBound), range.upperBound) } }
        r.windowWidth = clamp(windowWidth, 200...16_384)
        r.windowHeight = clamp(windowHeight, 150...16_384)
        r.windowX = clamp(windowX, -16_384...16_384)
        r.windowY = clamp(windowY, -16_384...16_384)
        if let index = tab?.index, !(0...10_000).contains(index) { r.tab = nil }
        return r
    }

    /// A rectangle of the screen windows may cover (a monitor's work area).
    public typealias ScreenArea = (x: Int, y: Int, width: Int, height: Int)

    /// What a window's frame and title bar add to the size a record keeps (the text's window).
    private static let frameExtra = (width: 16, height: 64)

    /// Where the window goes back to, or nil to let the window manager place it: only a position
    /// X11 saved (or a record from before the backend was kept), restored on X11 (`canPlace`).
    /// It comes back whole on the monitor that holds its title strip, or on the first of `areas`
    /// when none does (a monitor unplugged since): moved just enough, at the size `size(areas:)`
    /// gives, so a window never comes back off-screen or hanging over a monitor's edge.
    public func position(canPlace: Bool, areas: [ScreenArea]) -> (x: Int, y: Int)? {
        guard canPlace, backend == nil || backend == "x11", let x = windowX, let y = windowY else { return nil }
        guard let area = area(holding: (x, y), in: areas) else { return (x, y) }
        let size = size(areas: areas) ?? (200, 150)
        let frame = (width: size.width + Self.frameExtra.width, height: size.height + Self.frameExtra.height)
        return (min(max(x, area.x), area.x + max(0, area.width - frame.width)),
                min(max(y, area.y), area.y + max(0, area.height - frame.height)))
    }

    /// The size the window comes back at: the record's, made smaller where it would not fit the
    /// monitor it comes back on with its frame (a scale changed since, a smaller monitor); nil
    /// when the record keeps none.
    public func size(areas: [ScreenArea]) -> (width: Int, height: Int)? {
        guard let width = windowWidth, let height = windowHeight else { return nil }
        let place = windowX.flatMap { x in windowY.map { (x, $0) } }
        guard let area = place.flatMap({ area(holding: $0, in: areas) }) ?? areas.first else { return (width, height) }
        return (max(min(width, area.width - Self.frameExtra.width), min(width, 200)),
                max(min(height, area.height - Self.frameExtra.height), min(height, 150)))
    }

    /// The area holding the title strip of a window at `place` (its top 40 pixels, at least 100
    /// of them across: what a user grabs to move it), else the first.
    private func area(holding place: (x: Int, y: Int), in areas: [ScreenArea]) -> ScreenArea? {
        let width = windowWidth ?? 200
        return areas.first { area in
            place.x + width >= area.x + 100 && place.x <= area.x + area.width - 100
                && place.y >= area.y - 20 && place.y <= area.y + area.height - 40
        } ?? areas.first
    }
}

/// A scene's place among its window's tabs, kept in its record so a window comes back whole.
public struct TabPlacement: Codable, Sendable, Equatable {
    /// The window (`WindowTabGroup.identifier`): scenes with the same one share a window.
    public var group: UUID
    /// Where among its side's tabs (0: first).
    public var index: Int
    /// Whether it was the tab shown on its side.
    public var isSelected: Bool
    /// The side of a split window (0: left, the only one of a window not split).
    public var side: Int
    /// Whether its side had the focus (the window spoke for it).
    public var isFront: Bool
    /// Where the handle between the sides of a split window was, in pixels from the left.
    public var splitPosition: Int?

    /// Creates a placement.
    public init(group: UUID, index: Int, isSelected: Bool, side: Int = 0, isFront: Bool = false, splitPosition: Int? = nil) {
        self.group = group; self.index = index; self.isSelected = isSelected; self.side = side; self.isFront = isFront
        self.splitPosition = splitPosition
    }

    private enum CodingKeys: String, CodingKey { case group, index, isSelected, side, isFront, splitPosition }

    /// Reads a placement; records from before split views have no side: the left.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        group = try c.decode(UUID.self, forKey: .group)
        index = try c.decode(Int.self, forKey: .index)
        isSelected = try c.decode(Bool.self, forKey: .isSelected)
        side = min(max(try c.decodeIfPresent(Int.self, forKey: .side) ?? 0, 0), 1)
        isFront = try c.decodeIfPresent(Bool.self, forKey: .isFront) ?? isSelected
        // A place no screen has is dropped: the sides then share the window equally.
        splitPosition = (try? c.decodeIfPresent(Int.self, forKey: .splitPosition)).flatMap { (0...100_000).contains($0) ? $0 : nil }
    }
}
