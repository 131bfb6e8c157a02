import ShareCore
import TextFitting

/// WhatsApp: `https://wa.me/?text=`. Carries text only, so the link and hashtags go into the text.
public struct WhatsAppIntent: WebIntentService {
    /// WhatsApp's message limit.
    public static let limit = 65_536

    /// Creates the intent.
    public init() {}

    public let descriptor = DestinationDescriptor(
        id: "whatsapp",
        displayName: "WhatsApp",
        summary: "opens WhatsApp (wa.me) with the post as a message; the link goes in the text",
        capabilities: [.text, .link, .hashtags]
    )

    public var rules: TextRules? {
        TextRules(name: "whatsapp", limit: Self.limit, unit: "characters", counter: GraphemeCounter())
    }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url("https://wa.me/", [("text", post.text)])
    }
}
