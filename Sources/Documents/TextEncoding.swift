/// The character encodings Tandem reads and writes back unchanged.
public enum TextEncoding: String, Sendable, Codable, CaseIterable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    /// The legacy 8-bit fallback for files that are not valid UTF-8. Its five unassigned bytes
    /// map to the C1 controls of the same value, so every byte sequence round-trips.
    case windows1252 = "Windows-1252"

    /// The name to show the user.
    public var displayName: String { rawValue }

    // Windows-1252 bytes 0x80–0x9F; the rest of the byte range is Latin-1. A table of our own,
    // not iconv (g_convert, GCharsetConverter): glibc's WINDOWS-1252 stops at the five unassigned
    // bytes (`printf 'a\x81b' | iconv -f WINDOWS-1252` fails), and the fallback must take any
    // bytes and write them back unchanged; big files are also decoded in blocks on several
    // threads (`BlockDecoder`), which one table serves without a converter each.
    private static let cp1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
    private static let cp1252Reverse: [UInt32: UInt8] = {
        var map: [UInt32: UInt8] = [:]
        for (i, scalar) in cp1252High.enumerated() { map[scalar] = UInt8(0x80 + i) }
        return map
    }()

    /// Decodes bytes (without BOM); nil when they are not valid in this encoding.
    func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        switch self {
        case .utf8:
            return String(validating: bytes, as: UTF8.self)
        case .utf16LittleEndian, .utf16BigEndian:
            guard bytes.count % 2 == 0 else { return nil }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = bytes.startIndex
            while i < bytes.endIndex {
                let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
                units.append(self == .utf16LittleEndian ? a | b << 8 : a << 8 | b)
                i += 2
            }
            return String(validating: units, as: UTF16.self)
        case .windows1252:
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                let value = (0x80...0x9F).contains(byte) ? Self.cp1252High[Int(byte) - 0x80] : UInt32(byte)
                scalars.append(Unicode.Scalar(value)!)
            }
            return String(scalars)
        }
    }

    /// Encodes text; returns the first character this encoding cannot hold when it fails.
    func encode(_ text: String) -> Result<[UInt8], UnrepresentableCharacter> {
        switch self {
        case .utf8:
            return .success(Array(text.utf8))
        case .utf16LittleEndian, .utf16BigEndian:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf16.count * 2)
            for unit in text.utf16 {
                let low = UInt8(unit & 0xFF), high = UInt8(unit >> 8)
                bytes += self == .utf16LittleEndian ? [low, high] : [high, low]
            }
            return .success(bytes)
        case .windows1252:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.unicodeScalars.count)
            for scalar in text.unicodeScalars {
                if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) {
                    bytes.append(UInt8(scalar.value))
                } else if let byte = Self.cp1252Reverse[scalar.value] {
                    bytes.append(byte)
                } else {
                    return .failure(UnrepresentableCharacter(scalar: scalar))
                }
            }
            return .success(bytes)
        }
    }

    /// A character an encoding has no byte sequence for.
    struct UnrepresentableCharacter: Error { let scalar: Unicode.Scalar }
}
