#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What makes one message unique: its `Date`, its `Message-ID`, and the token its MIME
/// boundaries and `Content-ID`s are built from. Taken when a message is delivered, never when it
/// is prepared, so preparing stays deterministic; tests pass a fixed one.
public struct MessageStamp: Sendable, Hashable {
    /// Seconds since 1970, UTC.
    public var secondsSince1970: Int64
    /// 32 lowercase hex digits, random per message.
    public var token: String

    /// Creates a stamp; `token` must be lowercase hex (letters a-f, digits).
    public init(secondsSince1970: Int64, token: String) {
        self.secondsSince1970 = secondsSince1970
        self.token = String(token.filter { $0.isHexDigit && !$0.isUppercase }.prefix(32))
    }

    /// A stamp for now, with 128 random bits.
    public static func now() -> MessageStamp {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in
            let hex = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }
        return MessageStamp(secondsSince1970: Int64(Date().timeIntervalSince1970), token: token.joined())
    }

    /// The `Date:` value.
    public var date: String { MailDate.format(secondsSince1970: secondsSince1970) }

    /// The `Message-ID:` value for a message from `domain`: `<SECONDS.TOKEN@domain>`.
    public func messageID(domain: String) -> String { "<\(secondsSince1970).\(token)@\(domain)>" }
}
