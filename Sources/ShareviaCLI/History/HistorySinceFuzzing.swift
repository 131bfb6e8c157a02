/// `--since`'s reader on arbitrary bytes, for the `history-since` fuzz target (`Fuzz/`).
@_spi(Fuzzing)
public enum HistorySinceFuzzing {
    /// Reads `bytes` as a `--since` value at a fixed now; returns the time, or nil when refused.
    /// A time read is within 100 years before now or a calendar date from 1970 to 9999, and the
    /// value read is at most 40 bytes.
    public static func read(_ bytes: [UInt8]) -> Int64? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let now: Int64 = 1_795_693_512_123_456
        guard let time = try? HistorySince.microseconds(text, now: now) else { return nil }
        precondition(bytes.count <= HistorySince.maximumLength, "read a \(bytes.count)-byte value")
        let earliest = now - HistorySince.maximumDays * 86_400_000_000
        let latest: Int64 = 253_402_300_800_000_000 + 86_400_000_000  // 10000-01-01, and a day of offsets
        precondition(time >= min(earliest, -86_400_000_000) && time <= latest, "time \(time) out of range")
        return time
    }
}
