import ShareCore
import TextFitting

/// Threads: `https://www.threads.net/intent/post?text=&url=`, fitted to 500 characters where an
/// emoji counts its UTF-8 bytes.
public struct ThreadsIntent: WebIntentService {
    /// Creates the intent.
    public init() {}

    public let descriptor = DestinationDescriptor(
        id: "threads",
        displayName: "Threads",
        summary: "opens Threads' compose page (web intent) with the post fitted to 500 characters",
        capabilities: [.text, .link, .hashtags]
    )

    public var rules: TextRules? { .threads }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url(
            "https://www.threads.net/intent/post",
            [("text", post.textWithoutLink), ("url", post.link)]
        )
    }
}
