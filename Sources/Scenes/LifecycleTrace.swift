import SafeFiles

/// Prints each delegate callback to stderr when TANDEM_TRACE_LIFECYCLE=1 (tests read it).
enum LifecycleTrace {
    static let isEnabled = EnvironmentVariable.value("TANDEM_TRACE_LIFECYCLE") == "1"

    static func log(_ what: String, session: String) {
        guard isEnabled else { return }
        StandardError.write("tandem-lifecycle \(session) \(what)")
    }
}
