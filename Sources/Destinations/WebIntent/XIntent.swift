import ShareCore
import TextFitting

/// X (Twitter): `https://twitter.com/intent/tweet?text=&url=&hashtags=&via=` (the documented
/// endpoint; `x.com/intent/post` is an alias), fitted to twitter-text v3's 280. `via` comes
/// from the request option of that name.
public struct XIntent: WebIntentService {
    /// Creates the intent.
    public init() {}

    public let descriptor = DestinationDescriptor(
        id: "x",
        aliases: ["twitter"],
        displayName: "X (Twitter)",
        summary: "opens X's compose page (web intent) with the post fitted to 280 weighted characters",
        capabilities: [.text, .link, .hashtags]
    )

    public var rules: TextRules? { .x }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        intentURL(for: post, content: content, options: [:])
    }

    /// The intent URL, with `via` (the account credited, without `@`) when the request's options set one.
    public func intentURL(for post: FittedPost, content: ShareContent, options: [String: String]) -> String {
        PercentEncoding.url(
            "https://twitter.com/intent/tweet",
            [
                ("text", post.body), ("url", post.link), ("hashtags", post.hashtags.joined(separator: ",")),
                ("via", options["via"]),
            ]
        )
    }
}
