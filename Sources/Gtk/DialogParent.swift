/// The window a dialog belongs to (it stays above it and goes with it), handed out instead of
/// the window itself: a scene gives its delegate this for its dialogs, and nothing else of the
/// window it keeps.
@MainActor
public struct DialogParent {
    let window: ApplicationWindow

    /// The parent for dialogs over `window`.
    public init(_ window: ApplicationWindow) { self.window = window }
}
