import ShareCore

/// The one rule for what sharevia takes as a Bluesky app password: `xxxx-xxxx-xxxx-xxxx`, four
/// groups of four lowercase letters or digits, the form Bluesky gives every app password (the
/// AT Protocol spec says clients may check it). Anything else is plainly an account password,
/// which sharevia refuses before any request: it can do everything the account can, including
/// deleting it, and it is what an email sign-in code is asked for.
package enum BlueskyAppPassword {
    /// Where app passwords are made, for messages.
    package static let whereToCreate =
        "create one in Bluesky under Settings → Privacy and security → App passwords (https://bsky.app/settings/app-passwords)"

    /// Whether `password` has the form of an app password.
    package static func isWellFormed(_ password: Secret) -> Bool {
        let bytes = Array(password.revealed().utf8)
        guard bytes.count == 19 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index % 5 == 4 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) else { return false }
            }
        }
        return true
    }

    /// Why `password` is refused, without ever quoting it: that it is not `xxxx-xxxx-xxxx-xxxx`,
    /// what an app password is, and where to make one.
    package static let refusal =
        "is not an app password: app passwords have the form xxxx-xxxx-xxxx-xxxx (four groups of four lowercase letters or digits), so this looks like the account's own password, which sharevia does not take; an app password can post but not change or delete the account, and it skips the email sign-in code. C"
        + whereToCreate.dropFirst()
}
