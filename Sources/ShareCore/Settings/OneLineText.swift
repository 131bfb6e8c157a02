/// The rule for values that must be one line (`--title`, `--subject`, one-line config values):
/// checked by Unicode scalar, since Swift counts CR LF as one `Character` that equals neither
/// `"\r"` nor `"\n"`.
package enum OneLineText {
    /// True for a scalar that ends a line somewhere (LF, VT, FF, CR, NEL U+0085, LINE SEPARATOR
    /// U+2028, PARAGRAPH SEPARATOR U+2029) or a C string (NUL).
    package static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00, 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The first scalar of `text` that breaks the line, and its position in scalars (from 1),
    /// or nil when `text` is one line.
    package static func firstBreak(in text: String) -> (scalar: Unicode.Scalar, position: Int)? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where breaksLine(scalar) {
            return (scalar, offset + 1)
        }
        return nil
    }

    /// Why `text` is not one line, for a message (`a line break (U+000D) at character 6`), or
    /// nil when it is.
    package static func problem(in text: String) -> String? {
        guard let found = firstBreak(in: text) else { return nil }
        let code = String(found.scalar.value, radix: 16, uppercase: true)
        let name = found.scalar.value == 0 ? "a NUL character" : "a line break"
        return
            "\(name) (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) at character \(found.position)"
    }
}
