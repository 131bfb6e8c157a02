/// What a post is made of before fitting: the body (title and text), a link and hashtags.
///
/// The fitter composes them as `body link #tag1 #tag2`, drops hashtags last-first, then trims
/// the body; the link is never touched.
public struct PostParts: Sendable, Hashable {
    /// The body: title and text.
    public var body: String
    /// A link that must survive whole, or nil.
    public var link: String?
    /// Hashtags without the `#`, in order.
    public var hashtags: [String]

    /// Creates parts; hashtags may be given with or without `#`.
    public init(body: String, link: String? = nil, hashtags: [String] = []) {
        self.body = body
        self.link = link.flatMap { $0.isEmpty ? nil : $0 }
        self.hashtags = hashtags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
    }

    /// Creates parts from a title and a text, which become the body on separate lines; a title
    /// the text already begins with (a card's headline before its share text) is not repeated.
    public init(title: String?, text: String, link: String? = nil, hashtags: [String] = []) {
        let title = title.flatMap { text.hasPrefix($0) ? nil : $0 }
        let body = [title ?? "", text].filter { !$0.isEmpty }.joined(separator: "\n")
        self.init(body: body, link: link, hashtags: hashtags)
    }

    /// The post as posted: body, link and hashtags separated by spaces.
    public static func compose(body: String, link: String?, hashtags: [String]) -> String {
        var pieces: [String] = []
        if !body.isEmpty { pieces.append(body) }
        if let link, !link.isEmpty { pieces.append(link) }
        if !hashtags.isEmpty { pieces.append(hashtags.map { "#" + $0 }.joined(separator: " ")) }
        return pieces.joined(separator: " ")
    }

    /// This post composed without fitting.
    public var composed: String { Self.compose(body: body, link: link, hashtags: hashtags) }
}
