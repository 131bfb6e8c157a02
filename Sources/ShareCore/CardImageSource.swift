/// Draws a content's card at the size each destination asks for.
///
/// Content that can render its own card (a `sharevia card` spec, an app's own renderer) returns
/// one from ``ShareableContent/cardImage``. The router asks it once per size, just before a
/// destination that carries images or files prepares the share, and puts the image first among
/// the attachments, at the destination's ``DestinationDescriptor/cardSize`` (a story for
/// Instagram). A conformer must not print, must return the same image for the same size,
/// and throws ``ShareError`` (`badInput`) when the card can't be drawn, which stops the share.
public protocol CardImageSource: Sendable {
    /// The card as an image attachment of exactly `size` pixels.
    func cardImage(size: DestinationDescriptor.PixelSize) throws(ShareError) -> ShareAttachment
}

/// The card images of one share, each size drawn once.
struct CardImages {
    let source: (any CardImageSource)?
    private var drawn: [DestinationDescriptor.PixelSize: ShareAttachment] = [:]

    init(source: (any CardImageSource)?) { self.source = source }

    /// The request a destination receives: `base` with the card at the destination's size first
    /// among the attachments, or `base` itself when there is no card or the destination takes none.
    mutating func request(
        _ base: ShareRequest,
        for descriptor: DestinationDescriptor
    ) throws(ShareError)
        -> ShareRequest
    {
        guard let source, descriptor.wantsCardImage else { return base }
        let size = descriptor.cardSize
        let image: ShareAttachment
        if let cached = drawn[size] {
            image = cached
        } else {
            image = try source.cardImage(size: size)
            drawn[size] = image
        }
        var request = base
        request.content.attachments.insert(image, at: 0)
        return request
    }
}
