import ShareCore
import TextFitting

/// Telegram: `https://t.me/share/url?url=&text=`: the link, and the text beside it.
public struct TelegramIntent: WebIntentService {
    /// Telegram's message limit.
    public static let limit = 4096

    /// Creates the intent.
    public init() {}

    public let descriptor = DestinationDescriptor(
        id: "telegram",
        displayName: "Telegram",
        summary: "opens Telegram's share page (t.me) with the link and the text",
        capabilities: [.text, .link, .hashtags]
    )

    public var rules: TextRules? {
        TextRules(name: "telegram", limit: Self.limit, unit: "characters", counter: GraphemeCounter())
    }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url("https://t.me/share/url", [("url", post.link), ("text", post.textWithoutLink)])
    }
}
