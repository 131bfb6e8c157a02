/// Something an app can share: an achievement, a streak, a level-up, a progress summary.
///
/// Conform an app's own type and share it as it is; ``ShareContent`` is the concrete value
/// the command line builds from its arguments. Destinations never see the conforming type:
/// the router snapshots it into a ``ShareContent`` first, so a conformer's properties are read
/// once, on the caller's task.
public protocol ShareableContent: Sendable {
    /// A short title, such as "7-day streak". Email uses it as the subject; Reddit as the title.
    var title: String? { get }
    /// The share text, without the link or hashtags (destinations add those in their own way).
    var text: String { get }
    /// A link to attach, such as the app's page. Destinations that count characters keep it whole.
    var link: String? { get }
    /// Hashtags without the leading `#`. Fitting drops them last-first when text is too long.
    var hashtags: [String] { get }
    /// Images or other files to attach, in order. The first image is the card.
    var attachments: [ShareAttachment] { get }
    /// What kind of moment this is; destinations may use it for defaults such as a subject line.
    var kind: ContentKind { get }
    /// Draws the card at the size each destination prefers; nil (the default) when the content has
    /// no card to draw (its images, if any, are in ``attachments``).
    var cardImage: (any CardImageSource)? { get }
}

extension ShareableContent {
    public var title: String? { nil }
    public var link: String? { nil }
    public var hashtags: [String] { [] }
    public var attachments: [ShareAttachment] { [] }
    public var kind: ContentKind { .generic }
    public var cardImage: (any CardImageSource)? { nil }

    /// A ``ShareContent`` value with the same fields, which is what destinations receive.
    public var snapshot: ShareContent {
        if let value = self as? ShareContent { return value }
        return ShareContent(
            title: title,
            text: text,
            link: link,
            hashtags: hashtags,
            attachments: attachments,
            kind: kind
        )
    }
}

/// The kind of moment being shared. An open set: `ContentKind("quest")` is as valid as the built-ins.
public struct ContentKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let generic = ContentKind("generic")
    public static let achievement = ContentKind("achievement")
    public static let streak = ContentKind("streak")
    public static let levelUp = ContentKind("level-up")
    public static let progress = ContentKind("progress")

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
