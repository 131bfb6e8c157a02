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
package struct CardRenderer: Sendable {
    /// Text roles (`headline`, `detail`...) laid out but not drawn: for tests that compare a
    /// card's pixels with and without some text at the same layout.
    package var hiddenTextRoles: Set<String>

    /// A renderer; it holds no state, so one can render any number of cards.
    package init(hiddenTextRoles: Set<String> = []) { self.hiddenTextRoles = hiddenTextRoles }

    /// Renders the spec at its own size.
    ///
    /// - Throws: ``CardError`` (`libraryMissing`, `missingGlyph`, `renderFailed`).
    package func render(_ spec: CardSpec) throws(CardError) -> RenderedCard {
        let (width, height) = (spec.size.width, spec.size.height)
        var failure: CardError?
        var texts: [PlacedText] = []
        var regions: [String: CardRect] = [:]
        // Cairo draws straight into the array's storage, which becomes the image's RGBA rows.
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            count = 0
            do throws(CardError) {
                let canvas = try CardCanvas(width: width, height: height, pixels: buffer.baseAddress!)
                var drawing = CardDrawing(spec: spec, canvas: canvas)
                drawing.hiddenRoles = hiddenTextRoles
                try drawing.drawAll()
                canvas.finishRGBA()
                texts = drawing.texts
                regions = drawing.layout.named
                count = width * height * 4
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        do {
            let image = try RGBAImage(width: width, height: height, pixels: pixels)
            return RenderedCard(image: image, texts: texts, regions: regions)
        } catch {
            throw CardError(.renderFailed, "the canvas could not become an image: \(error)")
        }
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
