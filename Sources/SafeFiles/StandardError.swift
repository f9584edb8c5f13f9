import Glibc

/// Tandem's messages to the terminal it was started from (standard error, unbuffered).
public enum StandardError {
    /// Writes `line` and a newline, whole even when the write is interrupted or partial.
    public static func write(_ line: String) {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
