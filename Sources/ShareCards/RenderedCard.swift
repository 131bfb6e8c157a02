import ImagePipeline

/// A rendered card: its pixels and its text layer (every block of text drawn, where, and how).
package struct RenderedCard: Sendable {
    /// The pixels.
    package var image: RGBAImage
    /// The text drawn, in drawing order: what tests and accessibility tools read instead of pixels.
    package var texts: [PlacedText]
    /// The layout's regions by name (`hero`, `headline`, `stats`...), for tests.
    package var regions: [String: CardRect]

    /// The card as a PNG, with ImagePipeline's fast settings: the SUB filter on every row, zlib
    /// level 1 with the run-length strategy. Measured on the story card, that is about a fifth of
    /// the time of level 6 (which was two thirds of a render), for a file about a third larger;
    /// cards are flat colour, text and gradients, which run-length coding after SUB suits.
    package func png() throws(CardError) -> [UInt8] {
        try CardFileFormat.png.encode(image)
    }
}

/// One block of text on a card.
package struct PlacedText: Sendable, Hashable {
    /// Which part it is: `badge`, `hero`, `headline`, `detail`, `strip`, `stat-value`, `stat-label`,
    /// `app`, `tagline`, `link`.
    package var role: String
    /// The text as given (before any ellipsis).
    package var text: String
    /// The box it had to fit.
    package var box: CardRect
    /// Where its pixels are.
    package var ink: CardRect
    /// The size it was set at, in pixels.
    package var size: Double
    /// True when it was cut with "…" at the minimum size.
    package var isEllipsized: Bool
}
