/// Where a library text names a setting in library terms, and what a caller that sets it another
/// way says instead: the words, such as `Configuration.appID`, and the ``SettingAdvice`` that
/// names the setting by its declaration.
///
/// Errors (``ShareError/Detail/mentions``), availabilities, notes (``PreparedShare/mentions``)
/// and receipts (``DeliveryReceipt/mentions``) carry them beside their text, which stays in
/// library terms; the `sharevia` command words them with its flags where it prints.
///
/// ```swift
/// SettingMention("Configuration.smartEncoding", advice: "\(flag: Settings.smartEncoding)")
/// ```
public struct SettingMention: Sendable, Hashable {
    /// The words of the library text that name the setting; the first place they occur is the
    /// one meant.
    public var words: String
    /// What a caller with its own names for settings says instead of ``words``.
    public var advice: SettingAdvice

    /// A mention of settings in `words`, said as `advice` by a caller that names them its way.
    public init(_ words: String, advice: SettingAdvice) {
        self.words = words
        self.advice = advice
    }

    /// A mention of `setting` in `words`, which a caller says as the setting's flag.
    public init(_ words: String, setting: ShareSetting) {
        self.init(words, advice: "\(flag: setting)")
    }

    /// `text` with the words of each mention said as its advice, the settings named by `name`;
    /// a mention whose words `text` doesn't hold changes nothing.
    public static func words(
        _ text: String,
        with mentions: [SettingMention],
        naming name: (ShareSetting, SettingAdvice.Name) -> String
    ) -> String {
        var text = text
        for mention in mentions where !mention.words.isEmpty {
            guard let range = text.firstRange(of: mention.words) else { continue }
            text.replaceSubrange(range, with: mention.advice.worded(naming: name))
        }
        return text
    }
}
