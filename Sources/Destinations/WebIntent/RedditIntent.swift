import ShareCore
import TextFitting

/// Reddit: `https://www.reddit.com/submit?url=&title=`: the link, and a title of at most 300
/// characters (the share's title, else its text). Hashtags are not carried, nor the text when
/// there is a title (a note says so).
public struct RedditIntent: WebIntentService {
    /// Reddit's title limit.
    public static let titleLimit = 300

    /// Creates the intent.
    public init() {}

    public let descriptor = DestinationDescriptor(
        id: "reddit",
        displayName: "Reddit",
        summary: "opens Reddit's submit page with the link and a title of up to 300 characters",
        capabilities: [.text, .link]
    )

    public var rules: TextRules? {
        TextRules(name: "reddit", limit: Self.titleLimit, unit: "characters (title)", counter: GraphemeCounter())
    }

    /// The title is the share's title, or its text when it has none; the link is not counted.
    public func parts(for content: ShareContent) -> PostParts {
        if let title = content.title, !title.isEmpty { return PostParts(body: title) }
        return PostParts(body: content.text)
    }

    /// The text is left out when the title takes its place.
    public func notes(for content: ShareContent) -> [String] {
        guard let title = content.title, !title.isEmpty, !content.text.isEmpty else { return [] }
        return ["text not carried (Reddit's submit page takes a title and a link; the title was given)"]
    }

    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url("https://www.reddit.com/submit", [("url", content.link), ("title", post.body)])
    }
}
