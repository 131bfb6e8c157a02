import ShareCore

/// The outbox's settings, declared once: `--no-queue` (one share), `outbox.enabled` and
/// `outbox.max_age` (the config file).
enum OutboxSettings {
    /// `--no-queue`: this share is not queued, whatever the config file says.
    static let noQueue = ShareSetting(
        flag: "no-queue",
        kind: .presence,
        help: "Don't queue the share for a network destination that failed for a while (email, Mastodon, "
            + "Bluesky, a plugin); see 'sharevia outbox'."
    )

    /// `outbox.enabled`: whether a share that a network destination failed to take for a while is
    /// queued for it.
    static let enabled = ShareSetting(
        key: "outbox.enabled",
        kind: .boolean,
        defaultWords: "true",
        summary: "queue a share for a network destination that failed for a while (--no-queue: not this one)"
    )

    /// `outbox.max_age`: hours an item is tried before it is `expired`.
    static let maxAge = ShareSetting(
        key: "outbox.max_age",
        kind: .integer(1...maximumAgeHours),
        defaultWords: "72",
        summary: "hours an outbox item is tried before it expires (72: 3 days)"
    )

    /// ``maxAge``'s default: 3 days.
    static let defaultAgeHours = 72
    /// ``maxAge``'s largest value: 30 days.
    static let maximumAgeHours = 720

    /// The keys the config file takes.
    static let all = [enabled, maxAge]

    /// What the settings say for one share.
    struct Values: Equatable {
        /// Whether the share is queued.
        var enabled = true
        /// How long an item is tried before it expires.
        var maxAge: Duration = .seconds(Int64(OutboxSettings.defaultAgeHours) * 3600)
    }

    /// The values `reader` gives, a bad one left at its default and added to `problems`;
    /// `noQueue` is `--no-queue`.
    static func values(reading reader: SettingsReader, noQueue: Bool = false, problems: inout [SettingError]) -> Values
    {
        var values = Values()
        let enabled = reader.recording(&problems) { reader throws(SettingError) in try reader.bool(Self.enabled) }
        values.enabled = !noQueue && enabled ?? true
        if let hours = reader.recording(&problems, { reader throws(SettingError) in try reader.integer(Self.maxAge) }) {
            values.maxAge = .seconds(Int64(hours) * 3600)
        }
        return values
    }
}
