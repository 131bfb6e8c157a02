/// A record key of the `tid` type: 64 bits (a zero top bit, 53 bits of microseconds since the
/// Unix epoch, 10 bits of clock id) written as 13 characters of base32-sortable
/// (`234567abcdefghijklmnopqrstuvwxyz`), so keys sort as their times do.
///
/// A post's key is chosen before the first try and reused on every retry, so a retry can never
/// post twice: creating a record whose key exists fails instead of duplicating it.
package struct BlueskyTID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The alphabet, in sort order.
    package static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)
    /// The largest clock id (10 bits).
    package static let maximumClockID: UInt16 = 1023
    /// The largest timestamp (53 bits of microseconds, about the year 287,000).
    package static let maximumMicroseconds: UInt64 = (1 << 53) - 1

    /// The 63 bits: microseconds in the high 53, clock id in the low 10.
    package let value: UInt64

    /// The TID for a time and a clock id.
    ///
    /// - Parameters:
    ///   - microseconds: Microseconds since the Unix epoch; capped at 53 bits.
    ///   - clockID: A number from 0 to 1023 that tells apart writers with the same clock; capped.
    package init(microseconds: UInt64, clockID: UInt16) {
        value = (min(microseconds, Self.maximumMicroseconds) << 10) | UInt64(min(clockID, Self.maximumClockID))
    }

    /// Reads a TID, or nil when `text` is not 13 base32-sortable characters with the top bit zero.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 13 else { return nil }
        var value: UInt64 = 0
        for (position, byte) in bytes.enumerated() {
            guard let digit = Self.alphabet.firstIndex(of: byte) else { return nil }
            // The first character carries 4 bits (the top bit must be zero): 2...j.
            if position == 0, digit >= 16 { return nil }
            value = value << 5 | UInt64(digit)
        }
        self.value = value
    }

    /// Microseconds since the Unix epoch.
    package var microseconds: UInt64 { value >> 10 }
    /// The clock id.
    package var clockID: UInt16 { UInt16(value & 0x3FF) }

    /// The 13 characters.
    package var description: String {
        var characters = [UInt8](repeating: 0, count: 13)
        var rest = value
        for position in (0..<13).reversed() {
            characters[position] = Self.alphabet[Int(rest & 31)]
            rest >>= 5
        }
        return String(decoding: characters, as: UTF8.self)
    }

    package static func < (lhs: BlueskyTID, rhs: BlueskyTID) -> Bool { lhs.value < rhs.value }

    /// `count` keys in increasing order from one reading of `clock`: one microsecond apart, so
    /// the posts of a thread sort in the order they are written.
    ///
    /// - Parameters:
    ///   - count: How many keys (at most 2^20).
    ///   - clock: The wall clock read once.
    ///   - clockID: The clock id of every key (a random one per process is usual).
    package static func sequence(count: Int, clock: some BlueskyWallClock, clockID: UInt16) -> [BlueskyTID] {
        let count = min(max(count, 0), 1 << 20)
        // Kept below the 53-bit cap, so the keys still increase however far off the clock is.
        let start = min(clock.microsecondsSinceEpoch(), maximumMicroseconds - UInt64(count))
        return (0..<count).map { BlueskyTID(microseconds: start + UInt64($0), clockID: clockID) }
    }
}
