import CIntl

/// The gettext domain of Tandem's messages (`share/locale/*/LC_MESSAGES/tandem.mo`).
public let textDomain = "tandem"

/// A user-visible string in the user's language, through gettext (the English text when no
/// translation is installed). Every string a user reads goes through this.
public func localized(_ english: String) -> String {
    // Without a translation gettext hands back its argument, a temporary C copy of `english`
    // that dies with this closure: only a different pointer is a translation to copy.
    english.withCString { input in
        guard let output = dgettext(textDomain, input), output != UnsafeMutablePointer(mutating: input) else { return english }
        return String(cString: output)
    }
}

/// A translated template with its arguments put in place of `%1`, `%2`, … (in any order, so a
/// translation can move them): `localized("Could not open “%1”: %2", name, reason)`.
public func localized(_ template: String, _ arguments: String...) -> String {
    var text = localized(template)
    // Highest numbers first, so "%1" never eats the start of "%10".
    for (index, argument) in arguments.enumerated().reversed() {
        text = text.replacing("%\(index + 1)", with: argument)
    }
    return text
}

/// Chooses the user's locale and where Tandem's translations are; call once at launch.
public func setUpLocalization(localeDirectory: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(textDomain, localeDirectory)
    bind_textdomain_codeset(textDomain, "UTF-8")
}
