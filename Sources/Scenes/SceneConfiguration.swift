/// How a scene's delegate is made, chosen by the app delegate (UIKit's UISceneConfiguration).
/// The factory is the app's: it hands the delegate what it needs in its initializer.
@MainActor
public struct SceneConfiguration {
    /// A name for the configuration, for logs.
    public let name: String
    /// The role of the sessions it serves ("editor").
    public let role: String
    /// Makes the delegate for a session about to be connected.
    let makeDelegate: @MainActor (SceneSession) -> SceneDelegate

    /// Creates a configuration whose delegates `makeDelegate` builds.
    public init(name: String, role: String, makeDelegate: @escaping @MainActor (SceneSession) -> SceneDelegate) {
        self.name = name; self.role = role; self.makeDelegate = makeDelegate
    }
}
