/// The Mastodon version a server reports in `/api/v2/instance`'s `version`, as far as the scopes
/// an app asks for depend on it.
///
/// Only the leading `MAJOR.MINOR` is read: `4.3.0`, `4.3.0-beta.2`, `4.2.10+glitch` and
/// `3.5.3 (compatible; Pleroma 2.5.0)` all read. A version without one is unknown.
package struct MastodonVersion: Sendable, Hashable, Comparable {
    /// The major version.
    package var major: Int
    /// The minor version.
    package var minor: Int

    /// A version.
    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The leading `MAJOR.MINOR` of `text`, or nil when it has none (or a part over 6 digits).
    package init?(_ text: String) {
        var parts: [Int] = []
        var digits = 0
        var value = 0
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                guard digits <= 6 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            } else if byte == 0x2E && digits > 0 && parts.isEmpty {
                parts.append(value)
                digits = 0
                value = 0
            } else {
                break
            }
        }
        guard parts.count == 1, digits > 0 else { return nil }
        self.init(major: parts[0], minor: value)
    }

    /// The first version with the `profile` scope, which reads only the signed-in account: 4.3.
    package static let profileScope = MastodonVersion(major: 4, minor: 3)

    package static func < (lhs: MastodonVersion, rhs: MastodonVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
