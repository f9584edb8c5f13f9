/// How much of a file a background load has read.
public struct LoadProgress: Sendable, Equatable {
    /// Bytes read so far.
    public var bytesRead: Int64
    /// The file's size when the load started.
    public var totalBytes: Int64

    /// The part read, from 0 to 1.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 1 }
}
