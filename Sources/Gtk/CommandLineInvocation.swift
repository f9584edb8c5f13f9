import Background
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

    /// The value of the string option `--NAME`, or nil when it was not given; a value that is
    /// not UTF-8 is given as nil too, with `valid` false.
    public func string(_ name: String) -> (value: String?, valid: Bool) {
        guard let dict = g_application_command_line_get_options_dict(commandLine),
              let raw = tandem_variant_dict_lookup_string(dict, name) else { return (nil, true) }
        defer { g_free(raw) }
        guard let text = String(validatingCString: raw) else { return (nil, false) }
        return (text, true)
    }

    /// Reads the launching process's standard input to its end (`tandem -`, as gedit reads a
    /// pipe) on a thread of its own: a pipe may take its time, or never end. `done` gets the
    /// bytes, or nil when there is no input to read (none passed, or more than `limit` bytes).
    public func readStandardInput(limit: Int, done: @escaping @MainActor @Sendable ([UInt8]?) -> Void) {
        guard let stream = g_application_command_line_get_stdin(commandLine) else { return done(nil) }
        let input = StreamBox(stream)
        Background.longRunning {
            var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536), failed = false
            while bytes.count <= limit {
                let count = chunk.withUnsafeMutableBytes { g_input_stream_read(input.stream, $0.baseAddress, gsize($0.count), nil, nil) }
                if count < 0 { failed = true }
                if count <= 0 { break }
                bytes += chunk[..<Int(count)]
            }
            g_object_unref(UnsafeMutableRawPointer(input.stream))
            let result = failed || bytes.count > limit ? nil : bytes
            Background.onMain { done(result) }
        }
    }

    /// The input stream, handed to the one thread that reads it and then lets it go.
    private final class StreamBox: @unchecked Sendable {
        let stream: UnsafeMutablePointer<GInputStream>
        init(_ stream: UnsafeMutablePointer<GInputStream>) { self.stream = stream }
    }

    /// The launcher's exit status, for a request answered after the handler returned.
    public func setExitStatus(_ status: Int32) { g_application_command_line_set_exit_status(commandLine, status) }

    /// Writes `text` to the launching process's stderr.
    public func printError(_ text: String) { tandem_command_line_printerr(commandLine, text) }
}
