import ShareCore
import TextFitting

/// X (Twitter): `https://twitter.com/intent/tweet?text=&url=&hashtags=&via=` (the documented
/// endpoint; `x.com/intent/post` is an alias), fitted to twitter-text v3's 280.
public struct XIntent: WebIntentService {
    /// The account the post credits (`via`, without `@`), or nil for none.
    public var via: String?

    /// Creates the intent.
    ///
    /// - Parameter via: The account the post credits (`via`, without `@`), or nil for none.
    public init(via: String? = nil) {
        self.via = via
    }

    public let descriptor = DestinationDescriptor(
        id: "x",
        aliases: ["twitter"],
        displayName: "X (Twitter)",
        summary: "opens X's compose page (web intent) with the post fitted to 280 weighted characters",
        capabilities: [.text, .link, .hashtags]
    )

    public var rules: TextRules? { .x }

    /// The intent URL, with `via` (the account credited, without `@`) when ``via`` is set.
    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url(
            "https://twitter.com/intent/tweet",
            [("text", post.body), ("url", post.link), ("hashtags", post.hashtags.joined(separator: ",")), ("via", via)]
        )
    }
}
