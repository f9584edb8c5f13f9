/// Which delegate class serves a scene, chosen by the app delegate (UIKit's UISceneConfiguration).
public struct SceneConfiguration: @unchecked Sendable {
    // @unchecked: a metatype of a main-actor protocol; only instantiated on the main actor.
    /// A name for the configuration, stored with the session.
    public let name: String
    /// The role of the sessions it serves ("editor").
    public let role: String
    /// The class instantiated as the scene's delegate.
    public let delegateClass: SceneDelegate.Type

    /// Creates a configuration.
    public init(name: String, role: String, delegateClass: SceneDelegate.Type) {
        self.name = name; self.role = role; self.delegateClass = delegateClass
    }
}
