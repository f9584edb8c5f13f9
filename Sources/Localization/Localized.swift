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
    filling(localized(template), with: arguments)
}

/// A translated sentence about `count` things in the form the user's language gives that number
/// (gettext's plural forms: English has two, Polish three, Japanese one). `%1` is the count as
/// the locale writes it, `%2`, … the other arguments:
/// `localizedPlural("%1 match", "%1 matches", count: n)`.
public func localizedPlural(_ singular: String, _ plural: String, count: Int, _ arguments: String...) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in
            // As in `localized`: gettext hands back one of its arguments when nothing is translated.
            guard let output = dngettext(textDomain, one, many, UInt(count.magnitude)) else { return count == 1 ? singular : plural }
            if output == UnsafeMutablePointer(mutating: one) { return singular }
            if output == UnsafeMutablePointer(mutating: many) { return plural }
            return String(cString: output)
        }
    }
    return filling(form, with: [LocalizedNumber.string(count)] + arguments)
}

/// `template` with `%1`, `%2`, … replaced by `arguments`.
private func filling(_ template: String, with arguments: [String]) -> String {
    LocalizedTemplate(translated: template, arguments: arguments.count).filled(with: arguments)
}

/// Chooses the user's locale and where Tandem's translations are; call once at launch.
public func setUpLocalization(localeDirectory: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(textDomain, localeDirectory)
    bind_textdomain_codeset(textDomain, "UTF-8")
}

/// Marks a string for the translation template without translating it (gettext's `N_`): for
/// tables of labels built before a locale matters; `localized(label)` translates where it is shown.
public func translatable(_ english: String) -> String { english }
