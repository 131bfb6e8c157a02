import ShareCore
import ShareHistory

/// The PostgreSQL outbox's connection-string reader for the `outbox-url` fuzz target (`Fuzz/`): any bytes as
/// `--outbox URL`. ShareHistory's API is `package`; this is the one way in from outside the package.
@_spi(Fuzzing)
public enum OutboxURLFuzzing {
    /// What became of the bytes.
    public struct Outcome: Sendable, Hashable {
        /// Whether the bytes were read as a connection string.
        public var accepted: Bool
        /// Whether what was read, shown and read again, is the same less its password.
        public var roundTrips: Bool
        /// Whether the port is from 1 to 65535 and no part is empty.
        public var withinRules: Bool
        /// The refusal, when refused.
        public var refusal: String?
    }

    /// Reads `bytes` (as UTF-8, invalid sequences replaced) as a connection string, and its description again.
    public static func read(_ bytes: [UInt8]) -> Outcome {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let url = try OutboxDatabaseURL(parsing: text)
            var unsecret = url
            unsecret.password = nil
            let again = try? OutboxDatabaseURL(parsing: url.description)
            let withinRules =
                (1...65_535).contains(url.port) && !url.user.isEmpty && !url.host.isEmpty
                && !url.database.isEmpty
            return Outcome(accepted: true, roundTrips: again == unsecret, withinRules: withinRules, refusal: nil)
        } catch {
            return Outcome(accepted: false, roundTrips: true, withinRules: true, refusal: error.description)
        }
    }
}
