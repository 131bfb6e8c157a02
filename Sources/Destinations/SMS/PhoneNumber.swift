import ShareCore

/// A phone number an SMS can go to: E.164 (`+` and up to 15 digits, such as `+14155550123`) or a
/// local number of digits (`0151 2345678`, a short code such as `12345`).
///
/// Spaces, dashes, dots and parentheses are visual separators (RFC 3966) and are dropped.
public struct PhoneNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number without separators: `+` and digits, or digits.
    public let description: String

    /// Whether it is an E.164 number (with `+` and a country code).
    public var isE164: Bool { description.hasPrefix("+") }

    /// Parses and checks a number.
    ///
    /// - Throws: ``PhoneNumberError`` naming the rule broken: a character that is not a digit or separator,
    ///   a `+` not at the start, a country code starting with 0, fewer than 3 or more than 15 digits.
    public init(validating text: String) throws(PhoneNumberError) {
        let trimmed = String(text.trimmingWhitespace())
        let example = "write it in E.164 (+, country code, number: +14155550123) or as local digits"
        guard !trimmed.isEmpty else { throw PhoneNumberError(description: "an empty phone number; \(example)") }
        var digits = ""
        var plus = false
        for (offset, scalar) in trimmed.unicodeScalars.enumerated() {
            switch scalar {
            case "0"..."9": digits.unicodeScalars.append(scalar)
            case "+" where offset == 0: plus = true
            case " ", "-", ".", "(", ")": continue
            case "+":
                throw PhoneNumberError(
                    description: "'\(trimmed)' is not a phone number: '+' may only start it; \(example)"
                )
            default:
                throw PhoneNumberError(
                    description:
                        "'\(trimmed)' is not a phone number: '\(scalar.escaped(asASCII: false))' is not a digit; \(example)"
                )
            }
        }
        if plus, digits.hasPrefix("0") {
            throw PhoneNumberError(
                description: "'\(trimmed)': a country code never starts with 0; drop the + for a local number"
            )
        }
        guard digits.count >= (plus ? 2 : 3) else {
            throw PhoneNumberError(description: "'\(trimmed)' has too few digits for a phone number; \(example)")
        }
        guard digits.count <= 15 else {
            throw PhoneNumberError(description: "'\(trimmed)' has \(digits.count) digits; E.164 allows at most 15")
        }
        description = (plus ? "+" : "") + digits
    }
}

/// Why a text is not a ``PhoneNumber``.
public struct PhoneNumberError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to write it.
    public var description: String
}
