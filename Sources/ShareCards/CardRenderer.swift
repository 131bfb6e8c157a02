import ImagePipeline

/// Renders card specs to images with Cairo and Pango.
///
/// Text shrinks until it fits its box (bisection between each part's largest and smallest
/// size) and is cut with "…" only at the smallest; a character no installed font has is an
/// error naming it, never a box in the image. Rendering is deterministic: the same spec gives
/// the same bytes.
///
/// ```swift
/// let spec = try CardSpecParser.parse(bytes)
/// let png = try CardRenderer().render(spec).png()
/// ```
public struct CardRenderer: Sendable {
    public init() {}

    /// Renders the spec at its own size.
    ///
    /// - Throws: ``CardError`` (`libraryMissing`, `missingGlyph`, `renderFailed`).
    public func render(_ spec: CardSpec) throws(CardError) -> RenderedCard {
        let canvas = try CardCanvas(width: spec.size.width, height: spec.size.height)
        var drawing = CardDrawing(spec: spec, canvas: canvas)
        try drawing.drawAll()
        let image: RGBAImage
        do {
            image = try RGBAImage(width: canvas.width, height: canvas.height, pixels: canvas.rgba())
        } catch {
            throw CardError(.renderFailed, "the canvas could not become an image: \(error)")
        }
        return RenderedCard(image: image, texts: drawing.texts, regions: drawing.layout.named)
    }
}

extension CardLayout {
    var named: [String: CardRect] {
        [
            "badge": badge, "hero": hero, "headline": headline, "detail": detail, "strip": strip, "stats": stats,
            "footer": footer,
        ]
    }
}
