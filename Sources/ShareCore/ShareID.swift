#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A share's identity, chosen once and kept for every destination of its chain and every retry.
///
/// Destinations that post over the network derive what makes a retry safe from it: Mastodon's
/// `Idempotency-Key`, Bluesky's record key. It holds the time the share was made, to the
/// microsecond, and a random number; its text (`1795693512123456-9f2c4e1a0b7d3c55`) is stable,
/// so a share kept for later is sent again with the same identity.
public struct ShareID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// When the share was made: microseconds since 1970-01-01 00:00 UTC.
    public let microseconds: UInt64
    /// A random number that tells apart shares made in the same microsecond.
    public let nonce: UInt64

    /// An identity made of its parts.
    public init(microseconds: UInt64, nonce: UInt64) {
        self.microseconds = microseconds
        self.nonce = nonce
    }

    /// A new identity: the current time and a random nonce.
    public static func new() -> ShareID {
        let now = (Date.now.timeIntervalSince1970 * 1_000_000).rounded(.down)
        var generator = SystemRandomNumberGenerator()
        return ShareID(microseconds: now > 0 ? UInt64(now) : 0, nonce: generator.next())
    }

    /// The identity written as text: decimal microseconds, a hyphen, the nonce in 16 hex digits.
    public var description: String {
        let hex = String(nonce, radix: 16)
        return "\(microseconds)-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The latest time an identity read from text may carry: the end of year 9999 UTC, in
    /// microseconds. A later one would date a share (an email's `Date:`) past any calendar.
    public static let latestMicroseconds: UInt64 = 253_402_300_799_999_999

    /// The identity read back from ``description``, or nil when `text` is not one (or its time is
    /// after ``latestMicroseconds``).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...20).contains(parts[0].count), parts[1].count == 16,
            parts[0].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let microseconds = UInt64(parts[0]), microseconds <= Self.latestMicroseconds,
            let nonce = UInt64(parts[1], radix: 16),
            parts[1].utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { return nil }
        self.init(microseconds: microseconds, nonce: nonce)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = ShareID(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a share id: \(text)")
            )
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
