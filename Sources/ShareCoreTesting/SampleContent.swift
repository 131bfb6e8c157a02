import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Ready-made content for tests: a small valid PNG card, text with emoji and CJK, a link, hashtags.
public enum SampleContent {
    /// A valid 9x16 RGBA PNG (one flat colour), small enough to embed.
    public static let tinyPNG: Data = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAkAAAAQCAYAAADESFVDAAAAFklEQVR42mPQiDrxnxBmGFU0qog4RQC+rUkgCDLsdgAAAABJRU5ErkJggg=="
    )!

    /// The tiny PNG as an in-memory attachment named `card.png`.
    public static var cardAttachment: ShareAttachment { .bytes(tinyPNG, mimeType: "image/png", fileName: "card.png") }

    /// Content with every part: title, text, link, hashtags and the card.
    public static var full: ShareContent {
        ShareContent(
            title: "7-day streak",
            text: "Seven days in a row 🔥 七日連続",
            link: "https://example.com/streak",
            hashtags: ["streak", "fitness"],
            attachments: [cardAttachment],
            kind: .streak
        )
    }

    /// Content with only the parts a destination with these capabilities claims to carry.
    public static func restricted(to capabilities: DestinationDescriptor.Capabilities) -> ShareContent {
        let sample = full
        return ShareContent(
            title: capabilities.contains(.text) ? sample.title : nil,
            text: capabilities.contains(.text) ? sample.text : "",
            link: capabilities.contains(.link) ? sample.link : nil,
            hashtags: capabilities.contains(.hashtags) ? sample.hashtags : [],
            attachments: capabilities.isDisjoint(with: [.image, .files]) ? [] : sample.attachments,
            kind: sample.kind
        )
    }

    /// Content made only of parts a destination with these capabilities does *not* carry, or nil
    /// when it carries everything.
    public static func unsupported(by capabilities: DestinationDescriptor.Capabilities) -> ShareContent? {
        let sample = full
        let content = ShareContent(
            title: nil,
            text: capabilities.contains(.text) ? "" : sample.text,
            link: capabilities.contains(.link) ? nil : sample.link,
            hashtags: capabilities.contains(.hashtags) ? [] : sample.hashtags,
            attachments: capabilities.isDisjoint(with: [.image, .files]) ? sample.attachments : [],
            kind: sample.kind
        )
        return content.isEmpty ? nil : content
    }
}
