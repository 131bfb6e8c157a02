/// The concrete, `Codable` piece of content that destinations receive.
///
/// The command line builds one from its arguments; an app can build one directly or conform its
/// own type to ``ShareableContent`` and let the router take a ``ShareableContent/snapshot``.
public struct ShareContent: ShareableContent, Hashable, Codable {
    public var title: String?
    public var text: String
    public var link: String?
    public var hashtags: [String]
    public var attachments: [ShareAttachment]
    public var kind: ContentKind

    /// Creates content; every field but `text` is optional.
    public init(
        title: String? = nil,
        text: String = "",
        link: String? = nil,
        hashtags: [String] = [],
        attachments: [ShareAttachment] = [],
        kind: ContentKind = .generic
    ) {
        self.title = title
        self.text = text
        self.link = link
        self.hashtags = hashtags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        self.attachments = attachments
        self.kind = kind
    }

    /// True when there is nothing to share at all: no title, text, link, hashtag or attachment.
    public var isEmpty: Bool {
        (title ?? "").isEmpty && text.isEmpty && (link ?? "").isEmpty && hashtags.isEmpty && attachments.isEmpty
    }

    /// The attachments whose MIME type starts with `image/`.
    public var images: [ShareAttachment] { attachments.filter(\.isImage) }

    /// The text as a plain-text destination shows it: title, text, link and hashtags on their own lines.
    public var plainText: String {
        var lines: [String] = []
        if let title, !title.isEmpty { lines.append(title) }
        if !text.isEmpty { lines.append(text) }
        if let link, !link.isEmpty { lines.append(link) }
        if !hashtags.isEmpty { lines.append(hashtags.map { "#\($0)" }.joined(separator: " ")) }
        return lines.joined(separator: "\n")
    }
}
