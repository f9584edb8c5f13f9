/// A translated template split once at its `%1`, `%2`, … places, for text rebuilt at every key
/// (the caret's place in the header): looking the translation up and scanning it each time was
/// about 1 % of the CPU of typing.
public struct LocalizedTemplate: Sendable {
    private enum Piece: Sendable {
        case text(String)
        case argument(Int)
    }

    private let pieces: [Piece]

    /// `english` translated now (the locale is chosen once, at launch), for `arguments` arguments.
    public init(_ english: String, arguments: Int) {
        self.init(translated: localized(english), arguments: arguments)
    }

    /// A template already in the user's language.
    init(translated template: String, arguments count: Int) {
        let characters = Array(template)
        var pieces: [Piece] = [], text = "", index = 0
        while index < characters.count {
            if characters[index] == "%", let (number, length) = Self.argumentNumber(after: index, in: characters, count: count) {
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.argument(number))
                index += 1 + length
            } else {
                text.append(characters[index])
                index += 1
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The template with its places filled by `arguments`, in order (`%1` is the first).
    public func callAsFunction(_ arguments: String...) -> String { filled(with: arguments) }

    func filled(with arguments: [String]) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let part): text += part
            case .argument(let number): text += arguments[number - 1]
            }
        }
        return text
    }

    /// The argument named by the digits after the `%` at `index`, and how many digits name it:
    /// the longest run that names one of `count` ("%10" is the tenth, not "%1" and a "0").
    private static func argumentNumber(after index: Int, in characters: [Character], count: Int) -> (number: Int, length: Int)? {
        var length = characters[(index + 1)...].prefix { $0.isASCII && $0.isNumber }.count
        while length > 0 {
            if let number = Int(String(characters[(index + 1)...(index + length)])), number >= 1, number <= count {
                return (number, length)
            }
            length -= 1
        }
        return nil
    }
}
