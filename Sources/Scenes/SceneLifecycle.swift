/// What the window system reports about one scene's window.
public enum SceneLifecycleInput: String, Sendable, CaseIterable {
    /// The scene was created for a session and its delegate attached.
    case connect
    /// The window became visible (first map, or restored from minimized).
    case show
    /// The window was minimized or withdrawn.
    case hide
    /// The window gained keyboard focus.
    case focusIn
    /// The window lost keyboard focus.
    case focusOut
    /// The window was destroyed.
    case disconnect
}

/// A callback the scene delegate receives, in UIKit's names.
public enum SceneLifecycleCallback: String, Sendable {
    case willConnect
    case willEnterForeground
    case didBecomeActive
    case willResignActive
    case didEnterBackground
    case didDisconnect
}

/// The pure state machine behind a scene's activation state.
///
/// GTK does not deliver events in UIKit's order (openbox reports a minimized focused window
/// as iconified first and inactive after), so this machine synthesizes the missing steps
/// (resign-active before enter-background, enter-foreground before become-active) and
/// ignores reports that no longer apply. Inputs that make no sense in a state produce nothing.
public struct SceneLifecycle: Sendable {
    /// The current state.
    public private(set) var state: SceneActivationState = .unattached

    /// Creates a machine for a scene not yet connected.
    public init() {}

    /// Feeds one input; returns the callbacks to deliver, in order, and moves to the new state.
    public mutating func handle(_ input: SceneLifecycleInput) -> [SceneLifecycleCallback] {
        switch (state, input) {
        case (.unattached, .connect):
            // Connected but not on screen until the window maps.
            state = .background
            return [.willConnect]
        case (.unattached, .disconnect):
            state = .disconnected
            return []
        case (.unattached, _), (.disconnected, _), (_, .connect):
            return []

        case (.background, .show):
            state = .foregroundInactive
            return [.willEnterForeground]
        case (.background, .focusIn):
            // Focus implies the window is visible even if the map report is still queued.
            state = .foregroundActive
            return [.willEnterForeground, .didBecomeActive]
        case (.background, .hide), (.background, .focusOut):
            return []
        case (.background, .disconnect):
            state = .disconnected
            return [.didDisconnect]

        case (.foregroundInactive, .focusIn):
            state = .foregroundActive
            return [.didBecomeActive]
        case (.foregroundInactive, .hide):
            state = .background
            return [.didEnterBackground]
        case (.foregroundInactive, .show), (.foregroundInactive, .focusOut):
            return []
        case (.foregroundInactive, .disconnect):
            state = .disconnected
            return [.didEnterBackground, .didDisconnect]

        case (.foregroundActive, .focusOut):
            state = .foregroundInactive
            return [.willResignActive]
        case (.foregroundActive, .hide):
            state = .background
            return [.willResignActive, .didEnterBackground]
        case (.foregroundActive, .show), (.foregroundActive, .focusIn):
            return []
        case (.foregroundActive, .disconnect):
            state = .disconnected
            return [.willResignActive, .didEnterBackground, .didDisconnect]
        }
    }
}
