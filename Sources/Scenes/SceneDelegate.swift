/// One window's controller: builds its UI and answers its lifecycle (UIKit's UISceneDelegate).
/// Its `SceneConfiguration` makes it, with its dependencies; the scene calls `willConnect` next.
@MainActor
public protocol SceneDelegate: AnyObject {
    /// The scene is about to be shown for `session`: build the window's content here.
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions)
    /// The window is gone. The session remains unless the app discards it.
    func sceneDidDisconnect(_ scene: WindowScene)
    /// The window gained keyboard focus.
    func sceneDidBecomeActive(_ scene: WindowScene)
    /// The window is about to lose keyboard focus (or be minimized, or closed).
    func sceneWillResignActive(_ scene: WindowScene)
    /// The window is about to become visible.
    func sceneWillEnterForeground(_ scene: WindowScene)
    /// The window was minimized, hidden or is closing.
    func sceneDidEnterBackground(_ scene: WindowScene)
    /// The record to keep so the window can come back; nil keeps nothing.
    func stateRestorationRecord(for scene: WindowScene) -> RestorationRecord?
}

public extension SceneDelegate {
    func sceneDidDisconnect(_ scene: WindowScene) {}
    func sceneDidBecomeActive(_ scene: WindowScene) {}
    func sceneWillResignActive(_ scene: WindowScene) {}
    func sceneWillEnterForeground(_ scene: WindowScene) {}
    func sceneDidEnterBackground(_ scene: WindowScene) {}
    func stateRestorationRecord(for scene: WindowScene) -> RestorationRecord? { nil }
}
