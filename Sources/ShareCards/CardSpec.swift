/// Everything a card needs: what it shows, how it looks, and the share text around it.
///
/// Read one from JSON with ``CardSpecParser`` (the format is `schemas/card-v1.schema.json`,
/// printed by `sharevia card schema`), or build it in code.
package struct CardSpec: Sendable, Hashable {
    /// What the card shows; its case is the card's kind.
    package var fields: CardFields
    /// The BCP 47 language of the card's text (`en`, `es`, `ar`, `ja`...). Right-to-left
    /// languages mirror the layout.
    package var language: String
    /// The colours.
    package var theme: CardTheme
    /// The image size (a destination may ask for another).
    package var size: CardSize
    /// Hides exact values: percentages and relative progress only.
    package var isPrivate: Bool
    /// The footer.
    package var branding: Branding
    /// Hashtags for the share text, without `#`.
    package var hashtags: [String]
    /// A share-text template replacing the kind's default; placeholders as in ``ShareTextTemplates``.
    package var shareText: String?

    /// A spec; only the fields and the footer are required.
    package init(
        fields: CardFields,
        language: String = "en",
        theme: CardTheme = .dark,
        size: CardSize = .story,
        isPrivate: Bool = false,
        branding: Branding,
        hashtags: [String] = [],
        shareText: String? = nil
    ) {
        self.fields = fields
        self.language = language
        self.theme = theme
        self.size = size
        self.isPrivate = isPrivate
        self.branding = branding
        self.hashtags = hashtags
        self.shareText = shareText
    }

    /// The card's kind, from its fields.
    package var kind: CardKind { fields.kind }

    /// The footer: the app's name, tagline and link, and whether to draw the link as a QR code.
    package struct Branding: Sendable, Hashable {
        /// The app's name, in bold.
        package var appName: String
        /// A line under the name.
        package var tagline: String?
        /// The app's link, shown without its scheme.
        package var link: String?
        /// Draw the link as a QR code too.
        package var showsQRCode: Bool
        /// A footer; only the name is required.
        package init(appName: String, tagline: String? = nil, link: String? = nil, showsQRCode: Bool = false) {
            self.appName = appName
            self.tagline = tagline
            self.link = link
            self.showsQRCode = showsQRCode
        }
    }

    /// True when the language is written right to left (Arabic, Hebrew, Persian, Urdu...).
    package var isRightToLeft: Bool {
        let primary = LanguageTag.primary(language)
        return ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"].contains(primary)
    }
}
