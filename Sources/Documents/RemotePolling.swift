import Dispatch

/// Follows the files on servers. Where a file's GVfs backend has a monitor (MTP, Google Drive,
/// admin://), each change it reports is a look; where it has none (sftp, smb, dav, ftp), the file
/// is looked at every few seconds, as GNOME Text Editor does. Each look asks for the version
/// only, off the main thread, and reads the file only when the version changed. One timer for all
/// of them, running only while a document on a server is open.
@MainActor
final class RemotePolling {
    /// How long between two looks (nanoseconds). Tests shorten it.
    static var interval: UInt64 = 3_000_000_000
    /// A file with a monitor is still looked at every this many ticks: a monitor can miss what
    /// happened while its backend restarted (a connection dropped and made again).
    static let monitoredEvery = 10
    /// How many ticks a monitor is asked for again: the location may not be mounted yet when the
    /// file is first watched (its read mounts it meanwhile).
    static let monitorAttempts = 3

    private var watched: Set<String> = []
    private var inFlight: Set<String> = []
    private var again: Set<String> = []
    private var monitors: [String: any RemoteMonitor] = [:]
    private var attempts: [String: Int] = [:]
    private var ticks = 0
    private var ticking = false
    private let look: @MainActor (String) -> Void

    init(look: @escaping @MainActor (String) -> Void) {
        self.look = look
    }

    func watch(_ uri: String) {
        guard watched.insert(uri).inserted else { return }
        askForMonitor(uri)
        schedule()
    }

    func unwatch(_ uri: String) {
        watched.remove(uri)
        attempts[uri] = nil
        monitors.removeValue(forKey: uri)?.cancel()
    }

    /// Whether a look at `uri` is on its way (a slow server is not asked twice at once).
    func isAsking(_ uri: String) -> Bool { inFlight.contains(uri) }
    /// Notes a look on its way (`on`) or done; done, returns whether another was asked for meanwhile.
    @discardableResult
    func asking(_ uri: String, _ on: Bool) -> Bool {
        if on { inFlight.insert(uri); return false }
        inFlight.remove(uri)
        return again.remove(uri) != nil
    }
    /// Another look once the one on its way is done.
    func lookAgainAfter(_ uri: String) { again.insert(uri) }

    private func askForMonitor(_ uri: String) {
        attempts[uri, default: 0] += 1
        RemoteFiles.monitor(uri, changed: { [weak self] in
            guard let self, self.watched.contains(uri) else { return }
            self.look(uri)
        }, then: { [weak self] monitor in
            guard let monitor else { return }
            guard let self, self.watched.contains(uri), self.monitors[uri] == nil else { return monitor.cancel() }
            self.monitors[uri] = monitor
        })
    }

    private func schedule() {
        guard !ticking, !watched.isEmpty else { return }
        ticking = true
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(Self.interval))) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.ticking = false
                self.ticks += 1
                for uri in self.watched.sorted() {
                    if self.monitors[uri] == nil, self.attempts[uri, default: 0] < Self.monitorAttempts { self.askForMonitor(uri) }
                    if self.monitors[uri] == nil || self.ticks % Self.monitoredEvery == 0 { self.look(uri) }
                }
                self.schedule()
            }
        }
    }
}
