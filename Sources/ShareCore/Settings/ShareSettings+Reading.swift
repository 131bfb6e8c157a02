extension ShareSettings {
    /// The share's own settings as `settings` resolve them: nil where nothing sets one. Each bad
    /// value is left nil and added to `problems`, in the words of where it came from.
    public struct Values: Sendable, Hashable {
        /// ``ShareSettings/timeout``.
        public var timeout: Duration?
        /// ``ShareSettings/retries``.
        public var retries: Int?
        /// ``ShareSettings/outputFolder``, as written (a config file's `~/` expanded by its provider).
        public var outputFolder: String?

        /// Nothing set.
        public init() {}

        /// Reads and checks the share's settings.
        public init(reading settings: SettingsReader, problems: inout [SettingError]) {
            timeout = settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(ShareSettings.timeout) { (found: SettingValue) -> Result<Duration, SettingProblem> in
                    guard let seconds = Double(found.text), ShareSetting.Kind.isValidSeconds(seconds) else {
                        return .failure(
                            found.source.isFlag
                                ? SettingProblem("must be a number of seconds above 0 and at most 3600, such as 30")
                                : .kind(ShareSettings.timeout.kind)
                        )
                    }
                    return .success(ShareSetting.Kind.duration(seconds: seconds))
                }
            }
            retries = settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(ShareSettings.retries) { (found: SettingValue) -> Result<Int, SettingProblem> in
                    guard let number = Int(found.text), (0...10).contains(number) else {
                        return .failure(
                            found.source.isFlag
                                ? SettingProblem("must be a whole number from 0 to 10, such as 2")
                                : .kind(ShareSettings.retries.kind)
                        )
                    }
                    return .success(number)
                }
            }
            outputFolder = settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(ShareSettings.outputFolder) {
                    (found: SettingValue) -> Result<String, SettingProblem> in
                    if found.text.isEmpty { return .failure(SettingProblem("needs a folder path")) }
                    if found.source.file != nil, !found.text.hasPrefix("/") {
                        return .failure(SettingProblem("must be an absolute path (or ~/...)"))
                    }
                    return .success(found.text)
                }
            }
        }
    }
}
