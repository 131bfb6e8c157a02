import ShareCore

/// A PostgreSQL connection string for the outbox, `postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE]`
/// (also `postgres://`), read without any network access. It lives here, beside the SQLite outbox, so the command
/// line can tell a PostgreSQL outbox from a file without loading the PostgreSQL backend.
///
/// The password is a ``Secret``; the value's `description` never shows it, and no parse error quotes the string.
///
/// ```swift
/// let url = try OutboxDatabaseURL(parsing: "postgresql://app:s3cret@db.internal:5432/shares?sslmode=require")
/// url.host        // "db.internal"
/// url.description // "postgresql://app@db.internal:5432/shares?sslmode=require"
/// ```
package struct OutboxDatabaseURL: Sendable, Hashable, CustomStringConvertible {
    /// Whether the connection uses TLS (libpq's `sslmode`, the values sharevia takes).
    package enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Never.
        case disable
        /// When the server offers it (libpq's default).
        case prefer
        /// Always, verifying the server's certificate; `verify-full` is taken as a synonym.
        case require
    }

    /// Why a connection string can't be read: which part, which rule. Never quotes the string.
    package struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The part concerned: `scheme`, `user`, `host`, `port`, `database`, `sslmode`, `length`...
        package var part: String
        /// What is wrong and what to do, in one line.
        package var message: String

        /// `outbox URL: PART: MESSAGE`.
        package var description: String { "outbox URL: \(part): \(message)" }
    }

    /// Bytes of a connection string read at most.
    package static let maximumBytes = 4_096
    /// Bytes of the user and of the database name, each, once decoded: PostgreSQL's names are at most 63 bytes.
    package static let maximumNameBytes = 63
    /// Bytes of the host, once decoded (a DNS name's most).
    package static let maximumHostBytes = 253

    /// The role to connect as.
    package var user: String
    /// Its password, if the string held one (else trust, or a password the server doesn't ask for).
    package var password: Secret?
    /// The server's host name or address, and its port (5432 unless given).
    package var host: String
    package var port: Int
    /// The database to connect to.
    package var database: String
    /// Whether the connection uses TLS.
    package var tls: TLSMode

    /// The string without its password (the user, host and database percent-encoded where they must be, so it
    /// reads back as the same URL less the password).
    package var description: String {
        let shownHost = host.contains(":") ? "[\(Self.encoded(host, keeping: ":"))]" : Self.encoded(host)
        return
            "postgresql://\(Self.encoded(user))@\(shownHost):\(port)/\(Self.encoded(database))?sslmode=\(tls.rawValue)"
    }

    /// `text` with every byte but unreserved ones (and `keeping`) percent-encoded.
    private static func encoded(_ text: String, keeping: Character? = nil) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~".unicodeScalars.contains(scalar) || keeping.map { Character(scalar) == $0 } == true
            if unreserved {
                result.unicodeScalars.append(scalar)
            } else {
                result +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// True when `text` names a PostgreSQL database (`postgresql://` or `postgres://`), whatever else it holds.
    package static func isPostgres(_ text: String) -> Bool {
        let lower = text.prefix(16).lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// Reads a connection string.
    /// - Throws: ``ParseError`` naming the part and the rule it breaks.
    package init(parsing text: String) throws(ParseError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumBytes else {
            throw ParseError(
                part: "length",
                message: "longer than the \(Self.maximumBytes) bytes a connection string may have"
            )
        }
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
            throw ParseError(part: "scheme", message: "not a URL: write postgresql://USER@HOST:PORT/DATABASE")
        }
        let scheme = text[..<colon].lowercased()
        guard scheme == "postgresql" || scheme == "postgres" else {
            throw ParseError(part: "scheme", message: "must be postgresql:// or postgres://")
        }
        var rest = text[colon...].dropFirst(3)
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        guard !rest.contains("#") else { throw ParseError(part: "url", message: "a fragment (#) is not allowed") }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var userInfo: Substring?
        if let at = rest.lastIndex(of: "@") {
            userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        // The user and the password.
        guard let userInfo, !userInfo.isEmpty else {
            throw ParseError(part: "user", message: "missing: write postgresql://USER@HOST/DATABASE")
        }
        let userPart: Substring
        var password: Secret?
        if let colon = userInfo.firstIndex(of: ":") {
            userPart = userInfo[..<colon]
            let secret = try Self.decoded(userInfo[userInfo.index(after: colon)...], part: "password")
            password = secret.isEmpty ? nil : Secret(secret)
        } else {
            userPart = userInfo
        }
        self.password = password
        user = try Self.decoded(userPart, part: "user")
        guard !user.isEmpty else { throw ParseError(part: "user", message: "empty") }
        guard user.utf8.count <= Self.maximumNameBytes else {
            throw ParseError(
                part: "user",
                message: "longer than the \(Self.maximumNameBytes) bytes of a PostgreSQL name"
            )
        }
        // The host and the port.
        var hostPart = rest
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else {
                throw ParseError(part: "host", message: "an IPv6 address opened with [ is not closed with ]")
            }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") {
                portPart = after.dropFirst()
            } else if !after.isEmpty {
                throw ParseError(part: "host", message: "only :PORT may follow ]")
            }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        host = try Self.decoded(hostPart, part: "host")
        guard !host.isEmpty else { throw ParseError(part: "host", message: "missing: write USER@HOST") }
        guard host.utf8.count <= Self.maximumHostBytes else {
            throw ParseError(part: "host", message: "longer than the \(Self.maximumHostBytes) bytes of a host name")
        }
        guard host.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) else {
            throw ParseError(part: "host", message: "holds a space, a slash or a character outside ASCII")
        }
        if let portPart {
            guard let number = Int(portPart), (1...65_535).contains(number), portPart.utf8.count <= 5 else {
                throw ParseError(part: "port", message: "must be a number from 1 to 65535")
            }
            port = number
        } else {
            port = 5_432
        }
        database = try Self.decoded(path, part: "database")
        guard !database.isEmpty else {
            throw ParseError(part: "database", message: "missing: write postgresql://USER@HOST:PORT/DATABASE")
        }
        guard database.utf8.count <= Self.maximumNameBytes else {
            throw ParseError(
                part: "database",
                message: "longer than the \(Self.maximumNameBytes) bytes of a PostgreSQL name"
            )
        }
        tls = .prefer
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decoded(nameAndValue[0], part: "query")
            let value = nameAndValue.count > 1 ? try Self.decoded(nameAndValue[1], part: name) : ""
            switch name {
            case "sslmode":
                switch value {
                case "disable": tls = .disable
                case "prefer", "allow": tls = .prefer
                case "require", "verify-ca", "verify-full": tls = .require
                default:
                    throw ParseError(part: "sslmode", message: "must be disable, prefer or require")
                }
            default:
                throw ParseError(part: "query", message: "only sslmode is understood, not '\(Self.shown(name))'")
            }
        }
    }

    /// Percent-decoded UTF-8, refusing bad escapes and control characters.
    private static func decoded(_ text: Substring, part: String) throws(ParseError) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw ParseError(part: part, message: "a % is not followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw ParseError(part: part, message: "is not UTF-8 once percent-decoded")
        }
        guard !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw ParseError(part: part, message: "holds a control character")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A name as an error shows it: at most 64 bytes.
    private static func shown(_ name: String) -> String {
        name.utf8.count <= 64 ? name : String(decoding: name.utf8.prefix(61), as: UTF8.self) + "…"
    }
}
