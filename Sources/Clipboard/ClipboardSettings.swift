import ProcessRunning
import ShareCore

extension ClipboardDestination {
    /// The clipboard's settings: its flags, config keys and variable, declared here only.
    package enum Settings {
        /// The selection to copy to.
        package static let selection = ShareSetting(
            key: "clipboard.selection",
            flag: "selection",
            kind: .choice(ClipboardSelection.allCases.map(\.rawValue)),
            help: "Clipboard selection to use: clipboard or primary (default: clipboard).",
            defaultWords: "clipboard",
            summary: "the X11 selection to copy to"
        )
        /// `--no-verify`: don't read the clipboard back.
        package static let noVerify = ShareSetting(
            flag: "no-verify",
            kind: .presence,
            help: "Don't read the clipboard back to confirm it holds the bytes."
        )
        /// How to reach the clipboard.
        package static let backend = ShareSetting(
            key: "clipboard.backend",
            flag: "clipboard-backend",
            variable: BackendPreference.environmentVariable,
            kind: .choice(
                BackendPreference.allCases.map { $0 == .automatic ? "auto" : $0.rawValue },
                ignoringCase: true
            ),
            help: "How to reach the clipboard; x11 is sharevia's own X11 client (or SHAREVIA_CLIPBOARD_BACKEND).",
            valueName: "backend",
            defaultWords: "auto",
            summary: "how to reach the clipboard"
        )
        /// `clipboard.verify`: read the clipboard back to confirm.
        package static let verify = ShareSetting(
            key: "clipboard.verify",
            kind: .boolean,
            defaultWords: "true",
            summary: "read the clipboard back to confirm"
        )

        /// Every clipboard setting: the flags in `--help`'s order, then the config keys'.
        package static let all = [selection, noVerify, backend, verify]
        /// The config keys, in `config check`'s order.
        static let keyed = [selection, backend, verify]
    }

    /// The clipboard as a built-in: its settings, and its entry.
    package static let builtIn = BuiltInDestination.single(
        standardDescriptor,
        settings: Settings.all,
        purpose: .local,
        read: Configuration.init(reading:problems:)
    ) { ClipboardDestination(configuration: $0, environment: $1.environment) }
}

extension ClipboardDestination.Configuration {
    /// The configuration `settings` describe; `--timeout` (or `share.timeout`) governs each
    /// clipboard command, else ``defaultTimeout``. Each bad value is left at its default and
    /// added to `problems`.
    package init(reading settings: SettingsReader, problems: inout [SettingError]) {
        typealias Settings = ClipboardDestination.Settings
        self.init()
        selection =
            settings.recording(&problems) { reader throws(SettingError) in
                try reader.choice(Settings.selection, ClipboardSelection.init(rawValue:))
            } ?? .clipboard
        let verified = settings.recording(&problems) { reader throws(SettingError) in try reader.bool(Settings.verify) }
        verify = settings.value(Settings.noVerify) == nil && verified != false
        backend =
            settings.recording(&problems) { reader throws(SettingError) in
                try reader.choice(Settings.backend, ClipboardDestination.BackendPreference.init(parsing:))
            } ?? .automatic
        // A bad --timeout is the share's problem, reported once by its own check.
        timeout = (try? settings.seconds(ShareSettings.timeout)) ?? Self.defaultTimeout
    }
}
