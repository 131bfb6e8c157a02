import ShareCore

/// History's settings, declared once: `history.enabled` (and `SHAREVIA_NO_HISTORY`), and
/// `history.keep_content` (and `--keep-content`).
enum HistorySettings {
    /// `history.enabled`: record every share in the history database.
    static let enabled = ShareSetting(
        key: "history.enabled",
        kind: .boolean,
        defaultWords: "true",
        summary: "record every share in the history database (SHAREVIA_NO_HISTORY=1 turns it off)"
    )

    /// `--keep-content`, `history.keep_content`: keep the share's text and images in history.
    static let keepContent = ShareSetting(
        key: "history.keep_content",
        flag: "keep-content",
        kind: .boolean,
        help: "Keep this share's text and images in the history database too (by default history keeps "
            + "where a share went, never what it said).",
        defaultWords: "false",
        summary: "keep each share's text and images in history",
        group: "History"
    )

    /// The variable that turns history off for one run, whatever the config file says.
    static let offVariable = "SHAREVIA_NO_HISTORY"

    /// The config keys, in `config check`'s order.
    static let keyed = [enabled, keepContent]

    /// What history does for one share.
    struct Values: Equatable {
        /// Whether the share is recorded.
        var enabled = true
        /// Whether its text and images are kept.
        var keepsContent = false
    }

    /// The values `settings` and `environment` give: `SHAREVIA_NO_HISTORY` set to anything but
    /// empty, `0`, `false` or `no` turns history off; a bad `history.*` value is added to
    /// `problems` and the default kept.
    static func values(
        reading settings: SettingsReader,
        environment: ShareEnvironment,
        problems: inout [SettingError]
    ) -> Values {
        var values = Values()
        values.enabled =
            settings.recording(&problems) { reader throws(SettingError) in try reader.bool(enabled) } ?? true
        values.keepsContent =
            settings.recording(&problems) { reader throws(SettingError) in
                try reader.bool(keepContent)
            } ?? false
        if let off = environment[offVariable], !off.isEmpty, !["0", "false", "no"].contains(off.lowercased()) {
            values.enabled = false
        }
        return values
    }
}
