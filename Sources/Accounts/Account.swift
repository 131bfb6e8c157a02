/// An account sharevia is signed in to: what identifies it and where its token is, never the
/// token itself.
///
/// One account per network and ``name``. Every field is checked when the accounts file is read
/// and before one is saved (``validated()``).
package struct Account: Sendable, Hashable, Codable {
    /// The network.
    package var network: AccountNetwork
    /// The account's name as `--account` takes it: `user@instance.host` on Mastodon, the handle
    /// (`alice.bsky.social`) on Bluesky. At most 253 characters of `A-Z a-z 0-9 . _ - @`, not
    /// starting with `.` or `-`; it also names the token file.
    package var name: String
    /// The server: the Mastodon instance or the Bluesky PDS, as `https://HOST[:PORT]` (or
    /// `http://127.0.0.1:PORT` / `http://localhost:PORT` for test servers).
    package var server: String
    /// The account id: Mastodon's numeric id, Bluesky's DID. At most 256 printable ASCII characters.
    package var id: String
    /// Where its token is.
    package var token: TokenLocation

    /// An account record.
    package init(network: AccountNetwork, name: String, server: String, id: String, token: TokenLocation = .keyring) {
        self.network = network
        self.name = name
        self.server = server
        self.id = id
        self.token = token
    }

    /// The longest ``name``: a DNS name's limit, which a handle is.
    package static let maximumNameLength = 253
    /// The longest ``server`` URL.
    package static let maximumServerLength = 2048
    /// The longest ``id``.
    package static let maximumIDLength = 256

    /// The account, or the first rule it breaks (code `invalidAccount`), in words that name the field.
    package func validated() throws(AccountStoreError) -> Account {
        if let problem = Self.nameProblem(name) { throw .invalidAccount("name \(problem)") }
        if let problem = Self.serverProblem(server) { throw .invalidAccount("server \(problem)") }
        if id.isEmpty || id.utf8.count > Self.maximumIDLength || !id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            throw .invalidAccount(
                "id must be 1 to \(Self.maximumIDLength) printable ASCII characters without spaces"
            )
        }
        return self
    }

    /// Why `name` can't be an account's name, or nil.
    package static func nameProblem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumNameLength else {
            return "must be 1 to \(maximumNameLength) characters"
        }
        guard bytes.allSatisfy(isNameByte) else { return "may hold only letters, digits, '.', '_', '-' and '@'" }
        guard bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "-") else {
            return "must not start with '.' or '-'"
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: "@"):
            return true
        default: return false
        }
    }

    /// Why `server` can't be a server URL, or nil: `https://` and a host, or plain `http` to
    /// 127.0.0.1 or localhost only (test servers); no user, password, query or fragment.
    package static func serverProblem(_ server: String) -> String? {
        guard !server.isEmpty, server.utf8.count <= maximumServerLength,
            server.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return "must be a URL of at most \(maximumServerLength) printable ASCII characters" }
        let lower = server.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = lower.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = lower.dropFirst(7)
            let host = rest.prefix { $0 != ":" && $0 != "/" }
            guard host == "127.0.0.1" || host == "localhost" else {
                return "must use https (plain http only for 127.0.0.1 or localhost test servers)"
            }
        } else {
            return "must start with https://"
        }
        let authority = rest.prefix { $0 != "/" }
        guard !authority.isEmpty, !authority.hasPrefix(":") else { return "lacks a host" }
        guard !rest.contains("@"), !rest.contains("?"), !rest.contains("#") else {
            return "must not hold a user, password, query or fragment"
        }
        return nil
    }
}
