import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Draws a spec's card for the router at each destination's size (``CardImageSource``), with
/// its alt text.
package struct CardSpecImageSource: CardImageSource {
    /// The card drawn.
    package var spec: CardSpec
    /// What draws it.
    package var renderer: CardRenderer
    /// The caller's alt text for the card (`--alt`); nil for the one written from the spec.
    package var givenAltText: String?

    /// A source drawing `spec`, at whatever size is asked, described by `altText` or, when nil,
    /// by the alt text written from the spec.
    package init(spec: CardSpec, renderer: CardRenderer = CardRenderer(), altText: String? = nil) {
        self.spec = spec
        self.renderer = renderer
        self.givenAltText = altText
    }

    /// The card's alt text: the caller's, else written from the spec (``CardAltText``).
    package var altText: String { givenAltText ?? spec.altText }

    /// The card at `size` as `card.png`, with ``altText``.
    ///
    /// - Throws: ``ShareError`` (`badInput`) with the ``CardError``'s message.
    package func cardImage(size: DestinationDescriptor.PixelSize) throws(ShareError) -> ShareAttachment {
        var sized = spec
        sized.size = CardSize(width: size.width, height: size.height)
        do throws(CardError) {
            let png = try renderer.render(sized).png()
            var card = ShareAttachment.bytes(Data(png), mimeType: "image/png", fileName: "card.png")
            card.altText = altText
            return card
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
    /// The card's alt text when the caller gives one (`--alt`); nil for the one written from the
    /// spec.
    package var cardAltText: String?

    /// The content for `spec`; `title`, `text`, `link` and `hashtags` given here replace or add to
    /// the spec's (its headline, its kind's share text, the app's link, its hashtags).
    package init(
        spec: CardSpec,
        title: String? = nil,
        text: String? = nil,
        link: String? = nil,
        hashtags: [String] = [],
        attachments: [ShareAttachment] = [],
        cardAltText: String? = nil
    ) {
        self.spec = spec
        self.title = title ?? CardFace(spec: spec).headline  // the email subject, the Reddit title
        self.text = text ?? ShareTextTemplates.text(for: spec)
        self.link = link ?? spec.branding.link
        self.hashtags = spec.hashtags + hashtags.filter { !spec.hashtags.contains($0) }
        self.attachments = attachments
        self.kind = ContentKind(spec.kind.rawValue)
        self.cardAltText = cardAltText
    }

    /// Draws the spec at each destination's size, with its alt text.
    package var cardImage: (any CardImageSource)? { CardSpecImageSource(spec: spec, altText: cardAltText) }
}
