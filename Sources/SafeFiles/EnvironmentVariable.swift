import Glibc

/// One environment variable, read with getenv: ProcessInfo builds a dictionary of the whole
/// environment (~3 M instructions the first time) to answer the same question.
public enum EnvironmentVariable {
    /// The value of `name`, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
