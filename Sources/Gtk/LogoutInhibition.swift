import CGtk

/// One request to the session manager to hold logout off: released by its owner, answered by
/// the session manager, in either order; the inhibition ends once both have happened.
@MainActor
final class LogoutInhibition {
    private let bus: OpaquePointer
    private var cookie: UInt32?
    private var released = false

    init(bus: OpaquePointer) {
        self.bus = bus
    }

    /// The session manager answered with `cookie` (0: there is none, or it refused).
    func answered(_ cookie: UInt32) {
        self.cookie = cookie
        if released { end() }
    }

    /// The owner no longer needs logout held off.
    func release() {
        guard !released else { return }
        released = true
        if cookie != nil { end() }
    }

    private func end() {
        if let cookie, cookie != 0 { tandem_session_uninhibit(bus, cookie) }
        cookie = 0
    }
}

/// The GAsyncReadyCallback of `tandem_session_inhibit`: takes back the box `RetainedBox.pass` gave.
let logoutInhibitionAnswered: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    let inhibition = Unmanaged<LogoutInhibition>.fromOpaque(data).takeRetainedValue()
    let cookie = tandem_session_inhibit_finish(source, result)
    MainActor.assumeIsolated { inhibition.answered(cookie) }
}
