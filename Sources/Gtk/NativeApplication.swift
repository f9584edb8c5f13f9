import CGtk
import Dispatch

/// The process's GtkApplication: unique on the session bus, handles its own command line.
@MainActor
public final class NativeApplication: Object {
    var gtkApplication: UnsafeMutablePointer<GtkApplication> { tandem_gtk_application(raw) }
    private var gApplication: UnsafeMutablePointer<GApplication> { tandem_g_application(raw) }

    /// Creates the application; the command line of every launch arrives at `onCommandLine`.
    public init(id: String) {
        let flags = G_APPLICATION_HANDLES_COMMAND_LINE.rawValue | G_APPLICATION_SEND_ENVIRONMENT.rawValue
        super.init(gtk_application_new(id, GApplicationFlags(rawValue: flags)), ownership: .adopt)
        // Hear about logout from the session manager, so the app can quit (and keep everything).
        tandem_object_set_bool(raw, "register-session", 1)
        keepGLClosed()
        // From the first window on, the app can move the focus between its windows on Wayland.
        connect("startup") { WaylandActivation.start() }
    }

    /// GTK opens GL with its first display (libGL, the DRI driver, and LLVM under llvmpipe:
    /// ~70 M instructions and ~50 MB resident) unless an earlier process of the X session left
    /// its GL visuals on the root window. Tandem draws with cairo only, so GL stays off unless the
    /// user asks otherwise; GDK reads GDK_GL in gtk_init (GtkApplication's startup, which runs
    /// before the handlers), and the variable goes then, so nothing Tandem launches inherits it.
    private func keepGLClosed() {
        guard g_getenv("GDK_GL") == nil else { return }
        g_setenv("GDK_GL", "disable", 1)
        setsGDKGL = true
        connect("startup") { [weak self] in
            g_unsetenv("GDK_GL")
            self?.setsGDKGL = false
        }
    }

    /// Whether GDK_GL is this application's until startup (an application that never starts,
    /// as in tests, takes it back when it goes).
    private var setsGDKGL = false

    isolated deinit {
        if setsGDKGL { g_unsetenv("GDK_GL") }
    }

    /// Declares a boolean `--NAME` option that `--help` lists and the primary instance receives.
    public func addFlag(_ name: String, short: Character? = nil, description: String) {
        let shortChar = short.flatMap { $0.asciiValue }.map { CChar($0) } ?? 0
        g_application_add_main_option(gApplication, name, shortChar, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, description, nil)
    }

    /// Declares a `--NAME VALUE` option taking a string that `--help` lists (with `placeholder`
    /// for the value) and the primary instance receives.
    public func addStringOption(_ name: String, placeholder: String, description: String) {
        g_application_add_main_option(gApplication, name, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, description, placeholder)
    }

    /// The text after the program name in `--help`'s usage line, and the paragraph under it.
    public func setUsage(parameters: String, summary: String) {
        g_application_set_option_context_parameter_string(gApplication, parameters)
        g_application_set_option_context_summary(gApplication, summary)
    }

    /// Runs in the launching process before anything is forwarded; return an exit code to stop
    /// there (as `--version` does), or nil to go on. The handler sees the local flags.
    public func onLocalOptions(_ handler: @escaping @MainActor (_ flag: (String) -> Bool) -> Int32?) {
        let box = SignalBox<LocalOptionsHandler>(handler)
        _ = connectRaw("handle-local-options", unsafeBitCast(localOptionsTrampoline, to: GCallback.self), box,
                       shape: SignalShape(arguments: 1, returnsValue: true))
    }

    /// Keeps the main loop running with no window open (g_application_hold), until `release`.
    public func hold() { g_application_hold(gApplication) }
    /// Lets the main loop end once no window is open again.
    public func release() { g_application_release(gApplication) }

    /// Runs once in the primary instance, before the first command line.
    public func onStartup(_ handler: @escaping @MainActor () -> Void) { connect("startup", handler) }

    /// Runs once in the primary instance as the main loop ends.
    public func onShutdown(_ handler: @escaping @MainActor () -> Void) { connect("shutdown", handler) }

    /// Receives every invocation in the primary instance; the return value is the launcher's exit code.
    public func onCommandLine(_ handler: @escaping @MainActor (CommandLineInvocation) -> Int32) {
        let box = SignalBox<CommandLineHandler>(handler)
        _ = connectRaw("command-line", unsafeBitCast(commandLineTrampoline, to: GCallback.self), box,
                       shape: SignalShape(arguments: 1, returnsValue: true))
    }

    /// Runs the application with the process's arguments; returns the exit code.
    public func run(arguments: [String]) -> Int32 {
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        cStrings.append(nil)
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(gApplication, gint(arguments.count), buffer.baseAddress)
        }
    }

    /// Runs the application with the process's arguments exactly as the kernel gave them.
    public func runWithProcessArguments() -> Int32 {
        g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv)
    }

    /// Registers on the session bus and emits startup without running the main loop
    /// (for tests, which spin the loop themselves); false if registration failed.
    public func register() -> Bool {
        g_application_register(gApplication, nil, nil) != 0
    }

    /// Registers (as the primary instance, or as a launcher of the running one), trying again
    /// for up to `seconds` when that fails: a primary instance on its way out stops answering
    /// before it lets its name go. Returns nil once registered, else GLib's last message.
    public func register(retryingFor seconds: Double) -> String? {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while true {
            var error: UnsafeMutablePointer<GError>?
            if g_application_register(gApplication, nil, &error) != 0 { return nil }
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            if DispatchTime.now().uptimeNanoseconds >= deadline { return message }
            usleep(100_000)
        }
    }

    /// Enables or disables the application action `name` (menu items and shortcuts follow).
    public func setActionEnabled(_ name: String, _ enabled: Bool) {
        tandem_action_map_set_enabled(raw, name, enabled ? 1 : 0)
    }

    /// Adds an application-wide action ("app.NAME").
    public func addAction(_ action: SimpleAction) {
        g_action_map_add_action(tandem_action_map(raw), tandem_action(action.raw))
    }

    /// Adds an application action that is `settings`' boolean `key` ("app.KEY"): its menu items
    /// show a check mark while the key is on, and every window follows the key.
    public func addAction(following key: String, of settings: Settings) {
        guard settings.hasKey(key), let action = settings.createAction(key) else { return }
        g_action_map_add_action(tandem_action_map(raw), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Binds keyboard shortcuts ("<Control>s") to a detailed action name ("win.save").
    public func setAccelerators(_ accelerators: [String], for action: String) {
        var cStrings: [UnsafePointer<CChar>?] = accelerators.map { UnsafePointer(strdup($0)) }
        defer { cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        cStrings.append(nil)
        cStrings.withUnsafeBufferPointer { gtk_application_set_accels_for_action(gtkApplication, action, $0.baseAddress) }
    }

    /// Runs `handler` on the main loop when the process receives `signal` (SIGTERM, SIGINT, SIGHUP),
    /// instead of dying: the handler can save and quit.
    public func onUnixSignal(_ signal: Int32, _ handler: @escaping @MainActor () -> Void) {
        // Never removed: the box lives as long as the process.
        _ = g_unix_signal_add(signal, unixSignalTrampoline, RetainedBox.pass(SignalBox<VoidHandler>(handler)))
    }

    /// Asks the session manager not to log out (while a save runs) without waiting for its
    /// answer; the returned release ends it, whenever the answer comes.
    public func inhibitLogout(reason: String) -> @MainActor () -> Void {
        guard let bus = g_application_get_dbus_connection(gApplication),
              let id = g_application_get_application_id(gApplication) else { return {} }
        let inhibition = LogoutInhibition(bus: bus, reason: reason)
        tandem_session_inhibit(bus, id, reason, logoutInhibitionAnswered, RetainedBox.pass(inhibition))
        return { inhibition.release() }
    }

    /// Ends the main loop.
    public func quit() { g_application_quit(gApplication) }

    /// Whether this process is the primary instance and no other owns the D-Bus name.
    public var isRemote: Bool { g_application_get_is_remote(gApplication) != 0 }
}

typealias LocalOptionsHandler = @MainActor ((String) -> Bool) -> Int32?
typealias CommandLineHandler = @MainActor (CommandLineInvocation) -> Int32

private let localOptionsTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GVariantDict>?, gpointer?) -> gint = { _, dict, data in
    let handler = SignalBox<LocalOptionsHandler>.from(data)
    nonisolated(unsafe) let dict = dict  // main thread only; not kept past this call
    return MainActor.assumeIsolated {
        let lookup: (String) -> Bool = { name in dict.map { tandem_variant_dict_lookup_flag($0, name) != 0 } ?? false }
        return handler(lookup) ?? -1
    }
}

private let unixSignalTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
    let handler = SignalBox<VoidHandler>.from(data)
    MainActor.assumeIsolated { handler() }
    return 1  // G_SOURCE_CONTINUE: a second signal is handled too
}

private let commandLineTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GApplicationCommandLine>?, gpointer?) -> gint = { _, commandLine, data in
    let handler = SignalBox<CommandLineHandler>.from(data)
    guard let commandLine else { return 1 }
    nonisolated(unsafe) let unsafeCommandLine = commandLine  // main thread only
    return MainActor.assumeIsolated { handler(CommandLineInvocation(unsafeCommandLine)) }
}
