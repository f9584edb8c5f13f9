import Glibc

/// Numbers as the user's locale writes them (its decimal point and digit grouping, from
/// `localeconv`), for the few numbers Tandem puts in sentences.
public enum LocalizedNumber {
    /// How a locale writes numbers: its decimal point and the separator between groups of three.
    struct Convention {
        var decimal = "."
        var thousands = ""
    }

    /// `value` with its digits grouped: "1,048,576" in English, "1.048.576" in German.
    public static func string(_ value: Int) -> String { string(value, convention: current) }

    /// `value` rounded to one decimal, the decimal left out when it is zero: "1.5", "2".
    public static func string(_ value: Double) -> String { string(value, convention: current) }

    static func string(_ value: Int, convention: Convention) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += convention.thousands }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    static func string(_ value: Double, convention: Convention) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = string(abs(tenths) / 10, convention: convention)
        let fraction = abs(tenths) % 10
        return (tenths < 0 ? "-" : "") + whole + (fraction > 0 ? convention.decimal + String(fraction) : "")
    }

    /// The convention of the locale `setlocale` chose (LC_NUMERIC).
    static var current: Convention {
        guard let conv = localeconv() else { return Convention() }
        let decimal = conv.pointee.decimal_point.map { String(cString: $0) } ?? ""
        let thousands = conv.pointee.thousands_sep.map { String(cString: $0) } ?? ""
        return Convention(decimal: decimal.isEmpty ? "." : decimal, thousands: thousands)
    }
}
