import ShareCore
import TextFitting

/// Bluesky: `https://bsky.app/intent/compose?text=`, fitted to 300 graphemes and 3000 bytes.
public struct BlueskyIntent: WebIntentService {
    /// Creates the intent.
    public init() {}

    public let descriptor = DestinationDescriptor(
        id: "bluesky",
        displayName: "Bluesky",
        summary: "opens Bluesky's compose page (web intent) with the post fitted to 300 graphemes",
        capabilities: [.text, .link, .hashtags]
    )

    public var rules: TextRules? { .bluesky }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url("https://bsky.app/intent/compose", [("text", post.text)])
    }
}
