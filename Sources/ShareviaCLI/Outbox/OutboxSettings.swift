import ShareCore

/// The outbox's settings, declared once: `--no-queue`, `--enqueue` and `--outbox` (one share), `outbox.enabled`,
/// `outbox.max_age`, `outbox.keep_delivered`, `outbox.url` and `outbox.password` (the config file).
enum OutboxSettings {
    /// `--no-queue`: this share is not queued, whatever the config file says.
    static let noQueue = ShareSetting(
        flag: "no-queue",
        kind: .presence,
        help: "Don't queue the share for a network destination that failed for a while (email, Mastodon, "
            + "Bluesky, a plugin); see 'sharevia outbox'."
    )

    /// `--enqueue`: queue the share in the outbox for its first destination, without sending it.
    static let enqueue = ShareSetting(
        flag: "enqueue",
        kind: .presence,
        help: "Queue the share for its first --to destination (then its --fallback ones) without sending it, and "
            + "print the item's id; 'sharevia outbox run' (a worker) sends it. See --outbox."
    )

    /// `--outbox URL`: which outbox `--enqueue` queues in.
    static let outbox = ShareSetting(
        flag: "outbox",
        kind: .text,
        help: "The outbox --enqueue uses: postgresql://USER@HOST[:PORT]/DATABASE, or a SQLite file (default: "
            + "SHAREVIA_OUTBOX_URL, the config file's outbox.url, else the history database).",
        valueName: "url"
    )

    /// `outbox.url`: the outbox every command uses unless `--outbox` names one; a secret, since a connection
    /// string may hold a password.
    static let url = ShareSetting(
        key: "outbox.url",
        variable: urlVariable,
        kind: .text,
        summary: "the outbox's database: postgresql://USER@HOST[:PORT]/DATABASE (url_env or url_file), else the "
            + "history database",
        isSecret: true
    )

    /// `outbox.password`: the PostgreSQL outbox's password, when its URL holds none.
    static let password = ShareSetting(
        key: "outbox.password",
        variable: passwordVariable,
        kind: .text,
        summary: "the PostgreSQL outbox's password: password_env or password_file (else the keyring, or PGPASSWORD)",
        isSecret: true
    )

    /// `outbox.keep_delivered`: hours a delivered item is kept before a worker removes it.
    static let keepDelivered = ShareSetting(
        key: "outbox.keep_delivered",
        kind: .integer(0...maximumAgeHours),
        defaultWords: "168",
        summary: "hours a delivered or handed-off outbox item is kept before 'outbox run' removes it (168: 7 days)"
    )

    /// ``url``'s variable.
    static let urlVariable = "SHAREVIA_OUTBOX_URL"
    /// ``password``'s variable.
    static let passwordVariable = "SHAREVIA_OUTBOX_PASSWORD"
    /// ``keepDelivered``'s default: 7 days.
    static let defaultKeepHours = 168

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
    static let all = [enabled, maxAge, keepDelivered, url, password]

    /// What the settings say for one share.
    struct Values: Equatable {
        /// Whether the share is queued.
        var enabled = true
        /// How long an item is tried before it expires.
        var maxAge: Duration = .seconds(Int64(OutboxSettings.defaultAgeHours) * 3600)
        /// How long a delivered item is kept.
        var keepDelivered: Duration = .seconds(Int64(OutboxSettings.defaultKeepHours) * 3600)
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
        if let hours = reader.recording(
            &problems,
            { reader throws(SettingError) in try reader.integer(Self.keepDelivered) }
        ) {
            values.keepDelivered = .seconds(Int64(hours) * 3600)
        }
        return values
    }
}
