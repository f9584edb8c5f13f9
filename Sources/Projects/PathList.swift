/// A project's file paths (relative to its folder), kept as one run of bytes so that a search
/// over a hundred thousand of them walks memory in order and allocates nothing per path.
public struct PathList: Sendable {
    /// The paths as given, for showing and opening.
    public let paths: [String]
    /// Every path's bytes, ASCII letters folded to lower case, one after the other.
    let folded: [UInt8]
    /// Every path's bytes as given (camelCase boundaries are read from them).
    let original: [UInt8]
    /// Where each path starts in `folded` and `original`; one more entry than `paths`: the end.
    let starts: [Int32]
    /// Where each path's file name starts (its last component), as an offset into the path.
    let nameStarts: [Int32]
    /// The longest path's length in bytes.
    let longest: Int

    public init(_ paths: [String]) {
        self.paths = paths
        var original: [UInt8] = []
        var starts: [Int32] = []
        var nameStarts: [Int32] = []
        original.reserveCapacity(paths.reduce(0) { $0 + $1.utf8.count })
        starts.reserveCapacity(paths.count + 1)
        nameStarts.reserveCapacity(paths.count)
        for path in paths {
            starts.append(Int32(original.count))
            var name = 0
            for (index, byte) in path.utf8.enumerated() {
                if byte == UInt8(ascii: "/") { name = index + 1 }
                original.append(byte)
            }
            nameStarts.append(Int32(name))
        }
        starts.append(Int32(original.count))
        longest = zip(starts, starts.dropFirst()).map { Int($1 - $0) }.max() ?? 0
        self.original = original
        self.folded = original.map(PathList.fold)
        self.starts = starts
        self.nameStarts = nameStarts
    }

    public var count: Int { paths.count }

    /// `byte` with an ASCII capital made small; every other byte (UTF-8 included) as it is.
    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
