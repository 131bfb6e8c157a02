#if canImport(Glibc)
import Glibc
#endif

/// The wall clock a Bluesky post reads for its record key and `createdAt`; tests inject a fixed one.
package protocol BlueskyWallClock: Sendable {
    /// Microseconds since the Unix epoch (1970-01-01T00:00:00Z).
    func microsecondsSinceEpoch() -> UInt64
}

/// The system's real-time clock (`clock_gettime(CLOCK_REALTIME)`).
package struct SystemWallClock: BlueskyWallClock {
    /// The system clock.
    package init() {}

    package func microsecondsSinceEpoch() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(max(now.tv_sec, 0)) * 1_000_000 + UInt64(max(now.tv_nsec, 0) / 1000)
    }
}

/// A clock stopped at one instant, for tests and for a share that reads the time once.
package struct FixedWallClock: BlueskyWallClock {
    /// The instant, in microseconds since the Unix epoch.
    package var microseconds: UInt64

    /// A clock that always reads `microseconds`.
    package init(microseconds: UInt64) { self.microseconds = microseconds }

    package func microsecondsSinceEpoch() -> UInt64 { microseconds }
}

/// `createdAt` as the lexicon's `datetime` format prefers it: `2026-11-25T08:31:21.123Z`
/// (UTC, milliseconds), from `gmtime_r` so no time-zone data is loaded.
package enum BlueskyDatetime {
    /// The datetime of `microseconds` since the Unix epoch, to the millisecond.
    package static func string(microseconds: UInt64) -> String {
        var seconds = time_t(microseconds / 1_000_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let milliseconds = Int(microseconds % 1_000_000 / 1000)
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))"
            + "T\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))"
            + ".\(pad(milliseconds, 3))Z"
    }

    /// The datetime `clock` reads now.
    package static func now(_ clock: some BlueskyWallClock) -> String {
        string(microseconds: clock.microsecondsSinceEpoch())
    }
}
