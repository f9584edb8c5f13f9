/// Where a scene stands, as UIKit's `UIScene.ActivationState` (plus the end of its life).
public enum SceneActivationState: String, Sendable, CaseIterable {
    /// No window yet: the session exists, its scene is not connected.
    case unattached
    /// Window shown but without keyboard focus.
    case foregroundInactive
    /// Window shown and focused.
    case foregroundActive
    /// Connected but not visible: not yet mapped, minimized or withdrawn.
    case background
    /// The window is gone; nothing more happens to this scene.
    case disconnected
}
