import ShareCore
import TextFitting

/// Facebook: `https://www.facebook.com/sharer/sharer.php?u=`. Carries the link only.
public struct FacebookIntent: WebIntentService {
    /// Creates the intent.
    public init() {}

    public let descriptor = DestinationDescriptor(
        id: "facebook",
        displayName: "Facebook",
        summary: "opens Facebook's sharer with the link; Facebook takes a link only",
        capabilities: [.link]
    )

    public var rules: TextRules? { nil }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url("https://www.facebook.com/sharer/sharer.php", [("u", post.link)])
    }
}
