import CByteScan

/// Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF), checked in place: a big file's pieces are validated without a string made of them.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.isEmpty || tandem_utf8_valid(bytes.baseAddress, bytes.count) != 0
    }
}
