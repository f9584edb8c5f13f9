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
        guard let (next, callbacks) = Self.transition(from: state, on: input) else { return [] }
        state = next
        return callbacks
    }

    /// The table: where an input leads from a state, and what the delegate hears on the way;
    /// nil when the input changes nothing there.
    private static func transition(from state: SceneActivationState, on input: SceneLifecycleInput)
        -> (SceneActivationState, [SceneLifecycleCallback])? {
        switch (state, input) {
        // Connected but not on screen until the window maps.
        case (.unattached, .connect): (.background, [.willConnect])
        case (.unattached, .disconnect): (.disconnected, [])
        case (.unattached, _), (.disconnected, _), (_, .connect): nil

        case (.background, .show): (.foregroundInactive, [.willEnterForeground])
        // Focus implies the window is visible even if the map report is still queued.
        case (.background, .focusIn): (.foregroundActive, [.willEnterForeground, .didBecomeActive])
        case (.background, .hide), (.background, .focusOut): nil
        case (.background, .disconnect): (.disconnected, [.didDisconnect])

        case (.foregroundInactive, .focusIn): (.foregroundActive, [.didBecomeActive])
        case (.foregroundInactive, .hide): (.background, [.didEnterBackground])
        case (.foregroundInactive, .show), (.foregroundInactive, .focusOut): nil
        case (.foregroundInactive, .disconnect): (.disconnected, [.didEnterBackground, .didDisconnect])

        case (.foregroundActive, .focusOut): (.foregroundInactive, [.willResignActive])
        case (.foregroundActive, .hide): (.background, [.willResignActive, .didEnterBackground])
        case (.foregroundActive, .show), (.foregroundActive, .focusIn): nil
        case (.foregroundActive, .disconnect): (.disconnected, [.willResignActive, .didEnterBackground, .didDisconnect])
        }
    }
}
