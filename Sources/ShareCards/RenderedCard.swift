import ImagePipeline

/// A rendered card: its pixels and its text layer (every block of text drawn, where, and how).
public struct RenderedCard: Sendable {
    public var image: RGBAImage
    /// The text drawn, in drawing order: what tests and accessibility tools read instead of pixels.
    public var texts: [PlacedText]
    /// The layout's regions by name (`hero`, `headline`, `stats`...), for tests.
    public var regions: [String: CardRect]

    /// The card as a PNG: zlib level 6 with the SUB filter on every row and the default strategy
    /// (a fixed filter is most of the speed; level 6 keeps flat gradients small).
    public func png() throws(CardError) -> [UInt8] {
        do {
            return try PNGEncoder(options: .init(compressionLevel: 6, filter: .sub)).encode(image)
        } catch {
            throw CardError(.renderFailed, "encoding the card as PNG failed: \(error)")
        }
    }
}

/// One block of text on a card.
public struct PlacedText: Sendable, Hashable {
    /// Which part it is: `badge`, `hero`, `headline`, `detail`, `strip`, `stat-value`, `stat-label`,
    /// `app`, `tagline`, `link`.
    public var role: String
    /// The text as given (before any ellipsis).
    public var text: String
    /// The box it had to fit.
    public var box: CardRect
    /// Where its pixels are.
    public var ink: CardRect
    /// The size it was set at, in pixels.
    public var size: Double
    /// True when it was cut with "…" at the minimum size.
    public var isEllipsized: Bool
}
