import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What makes one message unique: its `Date`, its `Message-ID`, and the token its MIME
/// boundaries and `Content-ID`s are built from.
///
/// A share's message takes its stamp from the share's ``ShareCore/ShareID`` (``init(share:)``)
/// in `prepare`, so preparing stays deterministic and every attempt at one share, in this run or
/// resent later from the outbox, is the same message: the same `Message-ID`, the same `Date` (the
/// time the share was made, which RFC 5322 calls the time the message was ready to be sent), the
/// same bytes. A receiving server or mail client can then tell a resend from a new message. Two
/// shares never get the same stamp. Tests pass a fixed one.
public struct MessageStamp: Sendable, Hashable {
    /// Seconds since 1970, UTC.
    public var secondsSince1970: Int64
    /// 32 lowercase hex digits, unique per share.
    public var token: String

    /// Creates a stamp; `token` must be lowercase hex (letters a-f, digits).
    public init(secondsSince1970: Int64, token: String) {
        self.secondsSince1970 = secondsSince1970
        self.token = String(token.filter { $0.isHexDigit && !$0.isUppercase }.prefix(32))
    }

    /// The stamp of a share's message: the `Date` is when the share was made (its id's time, to
    /// the second), the token the id's time in microseconds and its nonce, each as 16 hex digits,
    /// so two different shares never share a `Message-ID`.
    public init(share: ShareID) {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        self.init(
            secondsSince1970: Int64(share.microseconds / 1_000_000),
            token: hex(share.microseconds) + hex(share.nonce)
        )
    }

    /// A stamp for now, with 128 random bits: for a message that belongs to no share.
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
