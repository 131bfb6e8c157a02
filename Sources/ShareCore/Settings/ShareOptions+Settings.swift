extension ShareOptions {
    /// The share options as settings: declared here once, for a caller that lets people set them
    /// (the `sharevia` command's flags) and for library texts that name them through a
    /// ``SettingMention``, such as a note that an image has no alt text.
    public enum Settings {
        /// The longest alt text of one image, in Unicode code points: 1,500, Mastodon's default
        /// `description_limit` (Bluesky's is no tighter).
        public static let maximumAltTextLength = 1500

        /// Alt text for the share's images, in order (the card first): sets ``ShareAttachment/altText``.
        public static let altText = ShareSetting(
            flag: "alt",
            kind: .text,
            help: "Alt text for the share's images, in order (the card first); repeat for more. At most "
                + "1,500 characters. A card drawn from a spec has its own, which this replaces.",
            valueName: "text",
            group: "Posting",
            repeats: true
        )
        /// Refuse to post an image without alt text: ``ShareOptions/requiresAltText``.
        public static let requiresAltText = ShareSetting(
            flag: "require-alt",
            kind: .presence,
            help: "Refuse to post an image without alt text (Mastodon, Bluesky) rather than post it with a note.",
            group: "Posting"
        )
        /// Post long text as a reply chain: ``ShareOptions/threadsLongText``.
        public static let threadsLongText = ShareSetting(
            flag: "thread",
            kind: .presence,
            help: "Post text too long for one post as a numbered reply chain (1/3, 2/3, ...) on Mastodon and "
                + "Bluesky, instead of trimming it.",
            group: "Posting"
        )
    }
}

extension ShareAttachment {
    /// What a destination's note or error says when an image has no alt text: "give it alt text
    /// to describe it to people who can't see it"; ``altTextMention`` words it for a caller with
    /// a flag for alt text ("pass --alt to describe it ...").
    public static let askForAltText = "give it alt text to describe it to people who can't see it"

    /// The mention of ``ShareOptions/Settings/altText`` in ``askForAltText``.
    public static let altTextMention = SettingMention(
        "give it alt text",
        advice: "pass \(flag: ShareOptions.Settings.altText)"
    )
}
