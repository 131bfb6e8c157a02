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
        capabilities: [.text, .link, .hashtags],
        textLimit: .init(maximum: TextRules.threads.limit, unit: TextRules.threads.unit)
    )

    public var rules: TextRules? { .threads }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        let text = PostParts.compose(body: post.body, link: nil, hashtags: post.hashtags)
        return PercentEncoding.url("https://www.threads.net/intent/post", [("text", text), ("url", post.link)])
    }
}
