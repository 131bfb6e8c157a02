import ShareCore

extension InstagramDestination {
    /// Instagram's settings: its flags, its config key and its variable, declared here only.
    public enum Settings {
        static let group = "Instagram Stories"

        /// The Facebook App ID Instagram requires.
        public static let appID = ShareSetting(
            key: "instagram.app_id",
            flag: "instagram-app-id",
            variable: Configuration.appIDVariable,
            kind: .digits,
            help: "The Facebook App ID Instagram requires (or SHAREVIA_INSTAGRAM_APP_ID).",
            valueName: "id",
            summary: "the Facebook App ID Instagram requires",
            group: group
        )
        /// Which layer the image becomes.
        public static let placement = ShareSetting(
            flag: "as",
            kind: .choice(Placement.allCases.map(\.rawValue)),
            help: "Instagram layer for the image: background or sticker (default: by its shape).",
            valueName: "layer",
            group: group,
            shownDefault: Placement.automatic.rawValue
        )
        /// The gradient's top colour behind a sticker.
        public static let topColor = ShareSetting(
            flag: "top-color",
            kind: .text,
            help: "Instagram: the gradient's top colour behind a sticker, #RRGGBB.",
            valueName: "#RRGGBB",
            group: group
        )
        /// The gradient's bottom colour behind a sticker.
        public static let bottomColor = ShareSetting(
            flag: "bottom-color",
            kind: .text,
            help: "Instagram: the gradient's bottom colour behind a sticker, #RRGGBB.",
            valueName: "#RRGGBB",
            group: group
        )
        /// Place any image on a 1080x1920 canvas and send it as the background.
        public static let fit = ShareSetting(
            flag: "fit",
            kind: .presence,
            help: "Instagram: place any image on a 1080x1920 canvas and send it as the background.",
            group: group
        )
        /// The adb serial of the device to use.
        public static let device = ShareSetting(
            flag: "device",
            kind: .text,
            help: "Instagram: the adb serial of the Android device to use when several are attached.",
            valueName: "serial",
            group: group
        )

        /// Every Instagram setting, in `--help`'s order.
        public static let all = [appID, placement, topColor, bottomColor, fit, device]
    }
}

extension InstagramDestination {
    /// Instagram as a built-in: its settings, and its entry; the bundle goes to the share folder.
    public static let builtIn = BuiltInDestination.single(
        standardDescriptor,
        settings: Settings.all,
        purpose: .post,
        outputDirectory: { $0.outputDirectory = $1 },
        read: Configuration.init(reading:problems:),
        build: { InstagramDestination(configuration: $0, environment: $1.environment) }
    )
}

extension InstagramDestination.Configuration {
    /// The configuration `settings` describe; each bad value is left at its default and added
    /// to `problems`, naming where it came from.
    public init(reading settings: SettingsReader, problems: inout [SettingError]) {
        typealias Settings = InstagramDestination.Settings
        self.init()
        placement =
            settings.recording(&problems) { reader throws(SettingError) in
                try reader.choice(Settings.placement, InstagramDestination.Placement.init(rawValue:))
            } ?? .automatic
        for (setting, keyPath) in [(Settings.topColor, \Self.topColor), (Settings.bottomColor, \Self.bottomColor)] {
            self[keyPath: keyPath] = settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(setting) { (found: SettingValue) -> Result<HexColor, SettingProblem> in
                    HexColor(found.text).map { .success($0) }
                        ?? .failure(
                            SettingProblem("'\(found.text)' is not a colour; write it as #RRGGBB, such as #FF6B35")
                        )
                }
            }
        }
        appID = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.appID) { (found: SettingValue) -> Result<String, SettingProblem> in
                let text = found.text
                guard text.isEmpty || !text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .success(text) }
                return .failure(
                    SettingProblem(
                        found.source.isFlag
                            ? "'\(text)' is not a Facebook App ID (digits, as on developers.facebook.com)"
                            : "must be digits, the Facebook App ID from developers.facebook.com (quote it: \"1234567890\")"
                    )
                )
            }
        }
        fit = settings.value(Settings.fit) != nil
        if fit, placement == .sticker, let source = settings.source(Settings.fit) {
            problems.append(
                SettingError(
                    setting: Settings.fit,
                    source: source,
                    problem: "makes a background; it can't be used with "
                        + (source.isFlag ? "\(Settings.placement.name) sticker" : "a sticker placement")
                )
            )
        }
        device = settings.text(Settings.device)
    }
}
