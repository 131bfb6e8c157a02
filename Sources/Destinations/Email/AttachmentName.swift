/// The name an attachment carries in a message: its file name without bidirectional controls.
///
/// A right-to-left override (U+202E) turns `photo‮gnp.exe` into what a mail client shows as
/// `photoexe.png`, so the message never carries one: the embeddings and overrides U+202A-U+202E,
/// the isolates U+2066-U+2069 and the marks U+200E, U+200F and U+061C are removed, and
/// ``note(for:)`` says so in the prepared share. What is left is written by ``MIMEParameter``.
enum AttachmentName {
    /// True for the scalars removed from names.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }

    /// The name without bidi controls; `attachment` when nothing is left.
    static func cleaned(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: name.unicodeScalars.filter { !isBidiControl($0) })
        let cleaned = String(scalars)
        return cleaned.isEmpty ? "attachment" : cleaned
    }

    /// A shaping note naming what was removed, or nil when the name is written as it is.
    static func note(for name: String) -> String? {
        let removed = name.unicodeScalars.filter(isBidiControl)
        guard !removed.isEmpty else { return nil }
        let codes = Set(removed.map { "U+" + String($0.value, radix: 16, uppercase: true) }).sorted()
        return
            "removed the bidirectional control \(codes.joined(separator: ", ")) from the file name \"\(cleaned(name))\": it can disguise a file's type in a mail client"
    }
}
