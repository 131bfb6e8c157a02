/// Where each part of a card goes, as rectangles of the canvas: computed for left-to-right
/// from the size's shape (portrait stacks the parts, landscape puts the hero visual beside the
/// text), then mirrored as a whole for right-to-left languages.
struct CardLayout: Sendable, Hashable {
    var badge: CardRect
    var hero: CardRect
    var headline: CardRect
    var detail: CardRect
    var strip: CardRect
    var stats: CardRect
    var footer: CardRect
    /// True when text is centred (portrait and square); false when it starts at the edge.
    var centered: Bool

    init(size: CardSize, rightToLeft: Bool) {
        let width = Double(size.width)
        let height = Double(size.height)
        let unit = min(width, height) / 100
        switch size.shape {
        case .portrait, .square:
            let portrait = size.shape == .portrait
            let margin = 7 * unit
            footer = Self.footer(
                width: width,
                height: height,
                margin: margin,
                footerHeight: (portrait ? 13 : 12) * unit
            )
            let top = margin
            let available = footer.y - 4 * unit - top
            var cursor = top
            func take(_ share: Double, gap: Double = 0) -> CardRect {
                let rect = CardRect(x: margin, y: cursor, width: width - 2 * margin, height: available * share)
                cursor += available * (share + gap)
                return rect
            }
            let shares: [Double] = portrait ? [0.05, 0.32, 0.14, 0.1, 0.1, 0.15] : [0.07, 0.28, 0.14, 0.1, 0.12, 0.17]
            badge = take(shares[0], gap: 0.03)
            hero = take(shares[1], gap: 0.03)
            headline = take(shares[2], gap: 0.01)
            detail = take(shares[3], gap: 0.02)
            strip = take(shares[4], gap: 0.03)
            stats = take(shares[5])
            centered = true
        case .landscape:
            let margin = 6 * unit
            footer = Self.footer(width: width, height: height, margin: margin, footerHeight: 13 * unit)
            let top = margin
            let available = footer.y - 3 * unit - top
            let heroWidth = min(0.34 * width, available)
            hero = CardRect(x: margin, y: top + (available - heroWidth) / 2, width: heroWidth, height: heroWidth)
            let columnX = margin + heroWidth + 5 * unit
            let columnWidth = width - margin - columnX
            var cursor = top
            func take(_ share: Double, gap: Double = 0) -> CardRect {
                let rect = CardRect(x: columnX, y: cursor, width: columnWidth, height: available * share)
                cursor += available * (share + gap)
                return rect
            }
            badge = take(0.1, gap: 0.03)
            headline = take(0.22, gap: 0.01)
            detail = take(0.13, gap: 0.03)
            strip = take(0.15, gap: 0.03)
            stats = take(0.3)
            centered = false
        }
        if rightToLeft {
            for keyPath in [\CardLayout.badge, \.hero, \.headline, \.detail, \.strip, \.stats, \.footer] {
                self[keyPath: keyPath] = self[keyPath: keyPath].mirrored(in: width)
            }
        }
    }

    /// The branding footer: full width inside the margins, at the bottom.
    private static func footer(width: Double, height: Double, margin: Double, footerHeight: Double) -> CardRect {
        CardRect(x: margin, y: height - margin - footerHeight, width: width - 2 * margin, height: footerHeight)
    }
}
