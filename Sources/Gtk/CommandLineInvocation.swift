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
