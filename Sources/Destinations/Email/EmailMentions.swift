import ShareCore

extension EmailDestination {
    /// The facts of a missing recipient: a caller with a flag for it says how to pass one.
    static let noRecipient = ShareError.Detail(
        .missingSetting,
        setting: "to",
        mentions: [SettingMention(" (Configuration.to)", advice: ": pass \(flag: Settings.to) ADDRESS")]
    )
}

extension EmailDestination {
    /// Where the notes of a prepared email name a setting: a draft without a recipient.
    static let noteMentions = [SettingMention("Configuration.to", setting: Settings.to)]

    /// Where the receipt of a draft names a setting: the SMTP server it lacked.
    static let draftReceiptMentions = [
        SettingMention("no SMTP server: Configuration.smtp", advice: "no SMTP server: \(flag: Settings.smtp)")
    ]
}

extension SettingMention {
    /// `To` at the start of a ``MailContentError``'s description (`To: ...`), said with its
    /// setting: `To (--email-to): ...`.
    static func field(_ field: String, _ setting: ShareSetting) -> SettingMention {
        SettingMention(field + ":", advice: "\(field) (\(flag: setting)):")
    }
}
