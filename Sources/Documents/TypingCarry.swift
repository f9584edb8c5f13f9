/// An edit made while its file loaded, with the text it replaced.
struct TypedWhileLoading: Equatable, Sendable {
    var edit: Edit
    var removed: String
}

/// Carries what was typed while a big file loaded over to the text a load reads when it starts
/// again in another encoding: each edit goes to the same place among the file's bytes, not to the
/// same character offset (an "é" read as UTF-8 is one character, as Windows-1252 two). The file's
/// part of the text is followed as pieces of the first reading, each reread in the new encoding
/// where an edit needs its length; work is proportional to how far into the file the edits reach.
struct TypingCarry {
    /// A run of the text after the edits so far: the file's (scalars `start..<start+count` of the
    /// first reading) or typed.
    private enum Piece {
        case file(start: Int, count: Int, reread: String?)
        case typed(String)

        var count: Int {
            switch self {
            case .file(_, let count, _): count
            case .typed(let text): text.unicodeScalars.count
            }
        }
    }

    private let original: TextStorage
    private let encoding: TextEncoding
    private var pieces: [Piece]

    /// `typed` in order, made on the first reading, which with them is `current` now.
    static func carry(_ typed: [TypedWhileLoading], madeOn current: TextStorage, rereadAs encoding: TextEncoding) -> [TypedWhileLoading] {
        // The first reading as the file gave it: each edit taken back, the last first.
        var original = current
        for step in typed.reversed() {
            let lower = step.edit.range.lowerBound
            original.replace(lower..<(lower + step.edit.replacement.unicodeScalars.count), with: step.removed)
        }
        var carry = TypingCarry(original: original, encoding: encoding, pieces: [.file(start: 0, count: original.count, reread: nil)])
        return typed.map { carry.move($0) }
    }

    /// The edit in the new reading's characters, with the text it replaces there.
    private mutating func move(_ step: TypedWhileLoading) -> TypedWhileLoading {
        let first = split(at: step.edit.range.lowerBound)
        let end = split(at: step.edit.range.upperBound)
        var lower = 0
        for index in 0..<first { lower += rereadCount(index) }
        let removed = (first..<end).map { text(of: pieces[$0]) }.joined()
        pieces.replaceSubrange(first..<end, with: step.edit.replacement.isEmpty ? [] : [.typed(step.edit.replacement)])
        return TypedWhileLoading(edit: Edit(range: lower..<(lower + removed.unicodeScalars.count), replacement: step.edit.replacement),
                                 removed: removed)
    }

    /// Makes a piece begin at `offset` (in the text after the edits so far); returns its index.
    private mutating func split(at offset: Int) -> Int {
        var passed = 0
        for (index, piece) in pieces.enumerated() {
            let count = piece.count
            if offset == passed { return index }
            if offset < passed + count {
                let inside = offset - passed
                switch piece {
                case .file(let start, let count, _):
                    pieces[index] = .file(start: start, count: inside, reread: nil)
                    pieces.insert(.file(start: start + inside, count: count - inside, reread: nil), at: index + 1)
                case .typed(let text):
                    let scalars = text.unicodeScalars
                    let cut = scalars.index(scalars.startIndex, offsetBy: inside)
                    pieces[index] = .typed(String(scalars[..<cut]))
                    pieces.insert(.typed(String(scalars[cut...])), at: index + 1)
                }
                return index + 1
            }
            passed += count
        }
        return pieces.count
    }

    /// How many characters piece `index` is in the new reading (reread once, then kept).
    private mutating func rereadCount(_ index: Int) -> Int {
        guard case .file(let start, let count, nil) = pieces[index] else { return text(of: pieces[index]).unicodeScalars.count }
        let text = reread(start, count)
        pieces[index] = .file(start: start, count: count, reread: text)
        return text.unicodeScalars.count
    }

    private func text(of piece: Piece) -> String {
        switch piece {
        case .file(_, _, let text?): text
        case .file(let start, let count, nil): reread(start, count)
        case .typed(let text): text
        }
    }

    /// The file's bytes behind scalars `start..<start+count` of the first reading (a UTF-8 reading:
    /// its scalars are the bytes' own), decoded in the new encoding.
    private func reread(_ start: Int, _ count: Int) -> String {
        let bytes = Array(original.substring(start..<(start + count)).utf8)
        return encoding.decode(bytes[...]) ?? String(decoding: bytes, as: UTF8.self)
    }
}
