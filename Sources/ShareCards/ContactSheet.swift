import ImagePipeline

/// The same card in each of the eight preset themes, side by side: 4 columns and 2 rows of
/// cards rendered at a quarter-ish of the spec's size (each card's longer side 640 pixels).
package enum ContactSheet {
    /// Renders the sheet.
    ///
    /// - Throws: ``CardError`` from rendering any of the cards.
    package static func render(_ spec: CardSpec, renderer: CardRenderer = CardRenderer()) throws(CardError) -> RGBAImage
    {
        let scale = 640 / Double(max(spec.size.width, spec.size.height))
        let tile = CardSize(
            width: Int((Double(spec.size.width) * scale).rounded()),
            height: Int((Double(spec.size.height) * scale).rounded())
        )
        let gap = 24
        let columns = 4
        let rows = (CardTheme.presets.count + columns - 1) / columns
        let width = columns * tile.width + (columns + 1) * gap
        let height = rows * tile.height + (rows + 1) * gap
        // Opaque grey gaps (alpha 0xFF too), so the sheet stays an opaque image.
        var pixels = [UInt8](repeating: 0x80, count: width * height * 4)
        for alpha in stride(from: 3, to: pixels.count, by: 4) { pixels[alpha] = 0xFF }
        for (index, theme) in CardTheme.presets.enumerated() {
            var themed = spec
            themed.theme = theme
            themed.size = tile
            let card = try renderer.render(themed).image
            let left = gap + (index % columns) * (tile.width + gap)
            let top = gap + (index / columns) * (tile.height + gap)
            card.pixels.withUnsafeBufferPointer { source in
                for y in 0..<tile.height {
                    let from = y * tile.width * 4
                    let to = ((top + y) * width + left) * 4
                    pixels.replaceSubrange(to..<(to + tile.width * 4), with: source[from..<(from + tile.width * 4)])
                }
            }
        }
        do {
            return try RGBAImage(width: width, height: height, pixels: pixels)
        } catch {
            throw CardError(.renderFailed, "the contact sheet could not become an image: \(error)")
        }
    }
}
