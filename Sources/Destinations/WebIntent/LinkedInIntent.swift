import ShareCore
import TextFitting

/// LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=`. Carries the link only.
public struct LinkedInIntent: WebIntentService {
    /// Creates the intent.
    public init() {}

    public let descriptor = DestinationDescriptor(
        id: "linkedin",
        displayName: "LinkedIn",
        summary: "opens LinkedIn's share page (web intent) with the link; LinkedIn takes a link only",
        capabilities: [.link]
    )

    public var rules: TextRules? { nil }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url("https://www.linkedin.com/sharing/share-offsite/", [("url", post.link)])
    }
}
