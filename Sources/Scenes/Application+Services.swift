import FoundationEssentials
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif
import Gtk
import Localization

/// What a delegate asks of the process besides sessions: actions and their shortcuts, the
/// command line's options, the signals that end it, and holding off logout. Delegates use
/// these instead of the GTK application underneath.
extension Application {
    /// Adds an application-wide action ("app.NAME"), for menus and shortcuts.
    public func addAction(_ name: String, perform: @escaping @MainActor () -> Void) {
        native.addAction(SimpleAction(name: name, perform))
    }

    /// Adds an application-wide action that takes a string ("app.NAME('…')" in a menu item).
    public func addAction(_ name: String, performWithString perform: @escaping @MainActor (String) -> Void) {
        native.addAction(SimpleAction(name: name, withString: perform))
    }

    /// Adds an application-wide check action that is `settings`' boolean `key` ("app.KEY").
    public func addAction(following key: String, of settings: Settings) {
        native.addAction(following: key, of: settings)
    }

    /// Enables or disables an application action: it cannot act now.
    public func setAction(_ name: String, enabled: Bool) {
        native.setActionEnabled(name, enabled)
    }

    /// Binds keyboard shortcuts ("<Control>s") to a detailed action name ("app.quit", "win.save").
    public func setShortcuts(_ shortcuts: [String], forAction action: String) {
        native.setAccelerators(shortcuts, for: action)
    }

    /// Quitting keeps every session, so a request to end the process (SIGTERM, SIGINT, SIGHUP)
    /// is handled as a quit on the main loop instead of killing it.
    public func quitOnTerminationSignals() {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            native.onUnixSignal(signal) { [weak self] in self?.terminate() }
        }
    }

    /// Holds logout off (a save in progress), naming `reason` to the session, until the returned
    /// release is called; never waits for the session manager.
    public func inhibitLogout(reason: String) -> @MainActor () -> Void {
        native.inhibitLogout(reason: reason)
    }

    /// Describes the command line for `--help`: what follows the program name, a summary, and
    /// boolean flags (name, description) and options with a string value (name, the value's
    /// placeholder, description) the primary instance receives.
    public func describeCommandLine(parameters: String, summary: String, flags: [(name: String, description: String)],
                                    options: [(name: String, placeholder: String, description: String)] = []) {
        native.setUsage(parameters: parameters, summary: summary)
        for flag in flags { native.addFlag(flag.name, description: flag.description) }
        for option in options { native.addStringOption(option.name, placeholder: option.placeholder, description: option.description) }
    }

    /// Runs in the launching process before its command line is forwarded; `handler` sees the
    /// local flags and returns an exit code to stop there (as `--version` does), or nil to go on.
    /// Going on registers the launch, waiting out a primary instance that is quitting.
    public func answerLocally(_ handler: @escaping @MainActor (_ flag: (String) -> Bool) -> Int32?) {
        native.onLocalOptions { [weak self] flag in
            if let code = handler(flag) { return code }
            guard let self, let failure = self.native.register(retryingFor: Self.registrationPatience) else { return nil }
            StandardError.write("tandem: " + localized("could not reach the session bus: %1", failure))
            return 1
        }
    }

    /// How long a launch waits for a quitting primary instance to let its name go.
    static let registrationPatience = 5.0

    /// Keeps the process running while no window is open yet (one is on its way, as a pipe is
    /// read): call the closure returned once the window is there, or when it will not come.
    public func keepRunning() -> @MainActor () -> Void {
        native.hold()
        var released = false
        return { [weak self] in
            guard !released else { return }
            released = true
            self?.native.release()
        }
    }
}
