import ShareCore

/// Proof Key for Code Exchange (RFC 7636) with the `S256` method: a random code verifier kept by
/// the client, and the challenge sent in the authorize URL, `base64url(SHA-256(verifier))`
/// without padding. The token request then carries the verifier, so a stolen authorization code
/// is useless without it.
package struct PKCE: Sendable, Hashable {
    /// The code verifier: 43 characters of base64url (RFC 7636's unreserved set) from 32 random
    /// bytes. A ``Secret``: it is sent once, in the token request, and never printed.
    package let verifier: Secret
    /// The `code_challenge`: `base64url(SHA-256(verifier))` without padding, 43 characters.
    package let challenge: String
    /// The `code_challenge_method`: always `S256`.
    package static let method = "S256"

    /// A pair from 32 bytes of `generator` (the system's random source by default).
    package init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        self.init(verifier: Base64URL.encode(bytes))!
    }

    /// A pair from the system's random source.
    package init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// The pair for a given verifier, or nil when it is not 43 to 128 unreserved characters
    /// (`A-Z a-z 0-9 - . _ ~`).
    package init?(verifier: String) {
        guard Self.isValidVerifier(verifier) else { return nil }
        self.verifier = Secret(verifier)
        self.challenge = Self.challenge(for: verifier)
    }

    /// `base64url(SHA-256(verifier))` without padding.
    package static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256Digest.hash(Array(verifier.utf8)))
    }

    /// Whether `text` is a verifier RFC 7636 allows: 43 to 128 of `A-Z a-z 0-9 - . _ ~`.
    package static func isValidVerifier(_ text: String) -> Bool {
        (43...128).contains(text.utf8.count) && text.utf8.allSatisfy(isUnreserved)
    }

    /// True for RFC 3986's unreserved characters.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}

/// Base64 with the URL-safe alphabet (`-` and `_`) and no padding (RFC 4648 section 5).
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` encoded, without `=` padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0...count {
                text.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }
}
