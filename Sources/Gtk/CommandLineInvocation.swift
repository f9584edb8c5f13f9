import CGtk

/// One `tandem …` invocation as the primary instance receives it (locally or over D-Bus).
@MainActor
public final class CommandLineInvocation: Object {
    init(_ pointer: UnsafeMutablePointer<GApplicationCommandLine>) {
        super.init(pointer, ownership: .sink)
    }

    private var commandLine: UnsafeMutablePointer<GApplicationCommandLine> {
        raw.assumingMemoryBound(to: GApplicationCommandLine.self)
    }

    /// The arguments left after GApplication parsed the options, program name first.
    /// Nil stands for an argument that is not valid UTF-8 (the caller says so instead of guessing).
    public var arguments: [String?] {
        var argc: gint = 0
        guard let argv = g_application_command_line_get_arguments(commandLine, &argc) else { return [] }
        defer { g_strfreev(argv) }
        return (0..<Int(argc)).map { argv[$0].flatMap { String(validatingCString: $0) } }
    }

    /// The launching process's working directory.
    public var workingDirectory: String? {
        g_application_command_line_get_cwd(commandLine).flatMap { String(validatingCString: $0) }
    }

    /// The token the launching process was given to activate a window with, nil when it had
    /// none: X11's startup notification id (DESKTOP_STARTUP_ID, which GTK 3 passes along and
    /// applies itself), or Wayland's xdg-activation token (XDG_ACTIVATION_TOKEN, which GTK 3
    /// does not know: it comes in the launcher's environment, and `applyActivationToken` gives
    /// it to the display).
    public var activationToken: String? {
        if let token = g_application_command_line_getenv(commandLine, "XDG_ACTIVATION_TOKEN") {
            return String(validatingCString: token)
        }
        guard let data = g_application_command_line_get_platform_data(commandLine) else { return nil }
        defer { g_variant_unref(data) }
        guard let value = tandem_variant_lookup_string(data, "desktop-startup-id") else { return nil }
        defer { g_free(value) }
        return String(validatingCString: value)
    }

    /// Makes the launcher's xdg-activation token the one the next window presented activates
    /// with, on Wayland (X11's startup id GTK has applied already).
    public func applyActivationToken() {
        guard DisplayBackend.current == .wayland, let token = g_application_command_line_getenv(commandLine, "XDG_ACTIVATION_TOKEN"),
              let display = gdk_display_get_default() else { return }
        tandem_wayland_display_set_activation_token(display, token)
    }

    /// Whether this invocation came from another process.
    public var isRemote: Bool { g_application_command_line_get_is_remote(commandLine) != 0 }

    /// Whether the boolean option `--NAME` was given.
    public func flag(_ name: String) -> Bool {
        guard let dict = g_application_command_line_get_options_dict(commandLine) else { return false }
        return tandem_variant_dict_lookup_flag(dict, name) != 0
    }

    /// Writes `text` to the launching process's stderr.
    public func printError(_ text: String) { tandem_command_line_printerr(commandLine, text) }
}
