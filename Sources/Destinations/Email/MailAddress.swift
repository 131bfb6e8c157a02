import ShareCore
import TextFitting

/// An email address: an RFC 5322 addr-spec (`local@domain`) with an optional display name.
///
/// Parsed from `friend@example.org` or `Friend <friend@example.org>` (the name may be quoted).
/// The local part must be a dot-atom of ASCII; the domain's labels may be internationalised and
/// are kept in their IDNA ASCII form (`bücher.example` becomes `xn--bcher-kva.example`), so the
/// address travels over SMTP without the SMTPUTF8 extension.
package struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The name shown beside the address, if any.
    package var displayName: String?
    /// The part before `@`.
    package var localPart: String
    /// The domain in ASCII (IDNA) form, lowercased.
    package var domain: String

    /// `local@domain`.
    package var addrSpec: String { "\(localPart)@\(domain)" }

    /// `Name <local@domain>`, or the addr-spec alone: for people, not for headers.
    package var description: String {
        guard let displayName, !displayName.isEmpty else { return addrSpec }
        return "\(displayName) <\(addrSpec)>"
    }

    /// The longest addr-spec SMTP carries (RFC 5321's path limit less the brackets).
    package static let maximumLength = 254

    /// Parses an address.
    ///
    /// - Parameters:
    ///   - text: `local@domain` or `Name <local@domain>`.
    ///   - field: The field it came from, for errors (`To (--email-to)`).
    /// - Throws: ``MailContentError`` naming the field and the rule broken.
    package init(parsing text: String, field: String) throws(MailContentError) {
        try MailContentError.checkHeaderSafe(text, field: field)
        let trimmed = String(text.trimmingWhitespace())
        var spec = trimmed
        var name: String?
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            spec = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            name = Self.unquoted(String(trimmed[..<open].trimmingWhitespace()))
        }
        func fail(_ message: String) -> MailContentError {
            MailContentError(field: field, message: "'\(text)' \(message)")
        }
        guard let at = spec.lastIndex(of: "@") else {
            throw fail("is not an email address (local@domain)")
        }
        let local = String(spec[..<at])
        let domainText = String(spec[spec.index(after: at)...])
        guard !local.isEmpty else { throw fail("has nothing before the @") }
        guard local.utf8.count <= 64 else { throw fail("has a local part over 64 characters") }
        if local.hasPrefix("\"") {
            throw fail("has a quoted local part, which sharevia does not send; use a plain address")
        }
        guard local.unicodeScalars.allSatisfy({ $0.isASCII }) else {
            throw fail("has non-ASCII characters before the @, which need SMTPUTF8; sharevia does not send it")
        }
        let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
        guard atoms.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isAtext) }) else {
            throw fail(
                "has a local part that is not a dot-atom (letters, digits, !#$%&'*+-/=?^_`{|}~, dots between)"
            )
        }
        let domain: String
        do throws(MailContentError) {
            domain = try Self.asciiDomain(domainText)
        } catch {
            throw fail(error.message)
        }
        guard local.utf8.count + 1 + domain.utf8.count <= Self.maximumLength else {
            throw fail("is longer than \(Self.maximumLength) characters")
        }
        if let name { try MailContentError.checkHeaderSafe(name, field: field) }
        self.displayName = (name?.isEmpty ?? true) ? nil : name
        self.localPart = local
        self.domain = domain
    }

    /// Creates an address from parts already checked (tests, the writer's own stamps).
    init(displayName: String?, localPart: String, domain: String) {
        self.displayName = displayName
        self.localPart = localPart
        self.domain = domain
    }

    /// The domain in IDNA ASCII form: every label lowercased, letters, digits and hyphens, 1 to 63
    /// characters, non-ASCII labels Punycode-encoded with `xn--`.
    static func asciiDomain(_ text: String) throws(MailContentError) -> String {
        func fail(_ message: String) -> MailContentError { MailContentError(field: "", message: message) }
        guard !text.isEmpty else { throw fail("has nothing after the @") }
        if text.hasPrefix("[") { throw fail("has an address literal for a domain; use a host name") }
        // IDNA treats the ideographic and fullwidth full stops as dots.
        let dotted = text.replacing("\u{3002}", with: ".").replacing("\u{FF0E}", with: ".")
            .replacing("\u{FF61}", with: ".")
        var labels: [String] = []
        for label in dotted.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty else { throw fail("has an empty label in its domain (two dots, or a dot at an end)") }
            for scalar in label.unicodeScalars where scalar.isASCII {
                guard isLetterDigitHyphen(UInt8(scalar.value)) else {
                    throw fail("has '\(scalar)' in its domain; domains take letters, digits, hyphens and dots")
                }
            }
            for scalar in label.unicodeScalars where !scalar.isASCII {
                let category = scalar.properties.generalCategory
                let allowed: Bool
                switch category {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
                    allowed = true
                default:
                    allowed = false
                }
                guard allowed else {
                    throw fail("has '\(scalar)' in its domain, which IDNA does not allow in a host name")
                }
            }
            guard let ascii = Punycode.asciiLabel(String(label)) else {
                throw fail("has a domain label that can't be encoded for IDNA")
            }
            guard ascii.utf8.count <= 63 else { throw fail("has a domain label over 63 characters") }
            guard !ascii.hasPrefix("-"), !ascii.hasSuffix("-") else {
                throw fail("has a domain label that starts or ends with a hyphen")
            }
            labels.append(ascii)
        }
        let domain = labels.joined(separator: ".")
        guard domain.utf8.count <= 253 else { throw fail("has a domain over 253 characters") }
        return domain
    }

    /// RFC 5322 atext: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    static func isAtext(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-/=?^_`{|}~".utf8).contains(byte)
        }
    }

    private static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// A display name without its surrounding double quotes and backslash escapes.
    private static func unquoted(_ name: String) -> String {
        guard name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") else { return name }
        var result = ""
        var escaped = false
        for character in name.dropFirst().dropLast() {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }
}
