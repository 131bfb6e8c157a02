import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Draws a spec's card for the router at each destination's size (``CardImageSource``).
package struct CardSpecImageSource: CardImageSource {
    /// The card drawn.
    package var spec: CardSpec
    /// What draws it.
    package var renderer: CardRenderer

    /// A source drawing `spec`, at whatever size is asked.
    package init(spec: CardSpec, renderer: CardRenderer = CardRenderer()) {
        self.spec = spec
        self.renderer = renderer
    }

    /// The card at `size` as `card.png`.
    ///
    /// - Throws: ``ShareError`` (`badInput`) with the ``CardError``'s message.
    package func cardImage(size: DestinationDescriptor.PixelSize) throws(ShareError) -> ShareAttachment {
        var sized = spec
        sized.size = CardSize(width: size.width, height: size.height)
        do throws(CardError) {
            let png = try renderer.render(sized).png()
            return .bytes(Data(png), mimeType: "image/png", fileName: "card.png")
        } catch {
            throw ShareError(.badInput, message: "the card can't be drawn: \(error.message) [\(error.code)]")
        }
    }
}

/// A share built from a card spec: the kind's share text (or the caller's), the app link, the
/// spec's hashtags, and the card drawn per destination.
package struct CardShareContent: ShareableContent {
    /// The card drawn.
    package var spec: CardSpec
    /// A title, such as an email subject.
    package var title: String?
    /// The share text.
    package var text: String
    /// The link: the caller's, else the app's.
    package var link: String?
    /// The spec's hashtags, then the caller's.
    package var hashtags: [String]
    /// Files shared after the card.
    package var attachments: [ShareAttachment]
    /// The card's kind as a content kind.
    package var kind: ContentKind

    /// The content for `spec`; `title`, `text`, `link` and `hashtags` given here replace or add to
    /// the spec's (its headline, its kind's share text, the app's link, its hashtags).
    package init(
        spec: CardSpec,
        title: String? = nil,
        text: String? = nil,
        link: String? = nil,
        hashtags: [String] = [],
        attachments: [ShareAttachment] = []
    ) {
        self.spec = spec
        self.title = title ?? CardFace(spec: spec).headline  // the email subject, the Reddit title
        self.text = text ?? ShareTextTemplates.text(for: spec)
        self.link = link ?? spec.branding.link
        self.hashtags = spec.hashtags + hashtags.filter { !spec.hashtags.contains($0) }
        self.attachments = attachments
        self.kind = ContentKind(spec.kind.rawValue)
    }

    /// Draws the spec at each destination's size.
    package var cardImage: (any CardImageSource)? { CardSpecImageSource(spec: spec) }
}
