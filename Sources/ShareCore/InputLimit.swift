/// A cap on the bytes one input may hold, and the rule it comes from, for messages.
package struct InputLimit: Sendable, Hashable {
    /// The most bytes accepted.
    package var bytes: Int
    /// What the limit is, such as `the 20 MiB limit of Instagram hand-offs`.
    package var rule: String

    /// A limit of `bytes`, clamped to `0...Int.max - 1` so that one byte past it can always be
    /// asked for (a caller's `Int.max`, meaning no limit, must not trap).
    package init(bytes: Int, rule: String) {
        self.bytes = min(max(bytes, 0), Int.max - 1)
        self.rule = rule
    }

    /// `20 MiB`, `64 KiB` or `1000 bytes`.
    package static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
