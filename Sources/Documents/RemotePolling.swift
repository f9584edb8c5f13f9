import Dispatch

/// Looks at the files on servers every few seconds, as GNOME Text Editor does where GVfs's
/// backend has no monitor (sftp has none): each look asks for the version only, off the main
/// thread, and reads the file only when the version changed. One timer for all of them, running
/// only while a document on a server is open.
@MainActor
final class RemotePolling {
    /// How long between two looks (nanoseconds). Tests shorten it.
    static var interval: UInt64 = 3_000_000_000

    private var watched: Set<String> = []
    private var inFlight: Set<String> = []
    private var ticking = false
    private let look: @MainActor (String) -> Void

    init(look: @escaping @MainActor (String) -> Void) {
        self.look = look
    }

    func watch(_ uri: String) {
        watched.insert(uri)
        schedule()
    }

    func unwatch(_ uri: String) { watched.remove(uri) }

    /// Whether a look at `uri` is on its way (a slow server is not asked twice at once).
    func isAsking(_ uri: String) -> Bool { inFlight.contains(uri) }
    func asking(_ uri: String, _ on: Bool) {
        if on { inFlight.insert(uri) } else { inFlight.remove(uri) }
    }

    private func schedule() {
        guard !ticking, !watched.isEmpty else { return }
        ticking = true
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(Self.interval))) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.ticking = false
                for uri in self.watched.sorted() { self.look(uri) }
                self.schedule()
            }
        }
    }
}
