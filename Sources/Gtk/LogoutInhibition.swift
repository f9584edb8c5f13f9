import CGtk

/// One request to hold logout off: to GNOME's session manager, or where there is none (another
/// desktop, a sandbox) to the desktop portal's Inhibit. Released by its owner and answered by
/// the session, in either order; the inhibition ends once both have happened.
@MainActor
final class LogoutInhibition {
    private let bus: OpaquePointer
    private let reason: String
    /// How the session answered: nil until it has.
    private var answer: Answer?
    private var released = false

    enum Answer {
        /// GNOME's session manager holds logout off until this cookie is given back.
        case cookie(UInt32)
        /// The portal holds it off while this request lives.
        case portalRequest(String)
        /// Neither could (none is there, or it refused).
        case none
    }

    init(bus: OpaquePointer, reason: String) {
        self.bus = bus
        self.reason = reason
    }

    /// GNOME's session manager answered with `cookie` (0: there is none, or it refused): then
    /// the portal is asked.
    func sessionManagerAnswered(_ cookie: UInt32) {
        if cookie != 0 { return answered(.cookie(cookie)) }
        guard !released else { return answered(.none) }
        tandem_portal_inhibit(bus, reason, portalInhibitionAnswered, RetainedBox.pass(self))
    }

    /// The portal answered with its request (nil: no portal, or it refused).
    func portalAnswered(_ handle: String?) {
        answered(handle.map { .portalRequest($0) } ?? .none)
    }

    private func answered(_ answer: Answer) {
        self.answer = answer
        if released { end() }
    }

    /// The owner no longer needs logout held off.
    func release() {
        guard !released else { return }
        released = true
        if answer != nil { end() }
    }

    private func end() {
        switch answer {
        case .cookie(let cookie): tandem_session_uninhibit(bus, cookie)
        case .portalRequest(let handle): tandem_portal_uninhibit(bus, handle)
        default: break  // nothing held, or not answered yet
        }
        answer = Answer.none
    }
}

/// The GAsyncReadyCallback of `tandem_session_inhibit`: takes back the box `RetainedBox.pass` gave.
let logoutInhibitionAnswered: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    let inhibition = Unmanaged<LogoutInhibition>.fromOpaque(data).takeRetainedValue()
    let cookie = tandem_session_inhibit_finish(source, result)
    MainActor.assumeIsolated { inhibition.sessionManagerAnswered(cookie) }
}

/// The GAsyncReadyCallback of `tandem_portal_inhibit`.
private let portalInhibitionAnswered: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    let inhibition = Unmanaged<LogoutInhibition>.fromOpaque(data).takeRetainedValue()
    let handle = tandem_portal_inhibit_finish(source, result)
    let path = handle.map { String(cString: $0) }
    g_free(handle)
    MainActor.assumeIsolated { inhibition.portalAnswered(path) }
}
