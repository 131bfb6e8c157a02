/// Where each part of a card goes, as rectangles of the canvas: computed for left-to-right
/// from the size's shape (portrait stacks the parts, landscape puts the hero visual beside the
/// text), then mirrored as a whole for right-to-left languages.
///
/// Only the parts a card draws get room (see ``stack``): the space of a missing part (a private
/// card's hidden stats, a kind without a strip) goes to text that needs it, then to the visual
/// parts, then evenly around them, so a card without some parts is as balanced as one with all
/// of them. A text part that needs more height than its share (a long description at its largest
/// size) takes the spare room, then the hero visual's down to ``heroFloor`` of it, before the
/// text is shrunk or cut.
struct CardLayout: Sendable, Hashable {
    /// A part of the stacked column.
    enum Part: Sendable, Hashable, CaseIterable {
        case badge, hero, headline, detail, strip, stats
    }

    var badge: CardRect
    var hero: CardRect
    var headline: CardRect
    var detail: CardRect
    var strip: CardRect
    var stats: CardRect
    var footer: CardRect
    /// True when text is centred (portrait and square); false when it starts at the edge.
    var centered: Bool

    /// One part's share of the column's height and the gap after it.
    private struct Slot {
        var part: Part
        var share: Double
        var gap: Double
    }

    /// The share of its height the hero keeps when text takes room from it.
    static let heroFloor = 0.6

    /// The layout for `parts` (all of them unless told), giving the parts in `needs` up to that
    /// height in pixels where the hero can spare it.
    init(size: CardSize, rightToLeft: Bool, parts: Set<Part> = Set(Part.allCases), needs: [Part: Double] = [:]) {
        let width = Double(size.width)
        let height = Double(size.height)
        let unit = min(width, height) / 100
        var rects: [Part: CardRect] = [:]
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
            let available = footer.y - 4 * unit - margin
            let shares: [Double] = portrait ? [0.05, 0.32, 0.14, 0.1, 0.1, 0.15] : [0.07, 0.28, 0.14, 0.1, 0.12, 0.17]
            let gaps = [0.03, 0.03, 0.01, 0.02, 0.03, 0]
            let slots = zip(Part.allCases, zip(shares, gaps)).map { Slot(part: $0, share: $1.0, gap: $1.1) }
            rects = Self.stack(
                slots,
                present: parts,
                needs: needs,
                x: margin,
                y: margin,
                width: width - 2 * margin,
                height: available
            )
            centered = true
        case .landscape:
            let margin = 6 * unit
            footer = Self.footer(width: width, height: height, margin: margin, footerHeight: 13 * unit)
            let top = margin
            let available = footer.y - 3 * unit - top
            let heroWidth = min(0.34 * width, available)
            let columnX = margin + heroWidth + 5 * unit
            let slots = [
                Slot(part: .badge, share: 0.1, gap: 0.03), Slot(part: .headline, share: 0.22, gap: 0.01),
                Slot(part: .detail, share: 0.13, gap: 0.03), Slot(part: .strip, share: 0.15, gap: 0.03),
                Slot(part: .stats, share: 0.3, gap: 0),
            ]
            rects = Self.stack(
                slots,
                present: parts,
                needs: needs,
                x: columnX,
                y: top,
                width: width - margin - columnX,
                height: available
            )
            rects[.hero] = CardRect(
                x: margin,
                y: top + (available - heroWidth) / 2,
                width: heroWidth,
                height: heroWidth
            )
            centered = false
        }
        badge = rects[.badge]!
        hero = rects[.hero]!
        headline = rects[.headline]!
        detail = rects[.detail]!
        strip = rects[.strip]!
        stats = rects[.stats]!
        if rightToLeft {
            for keyPath in [\CardLayout.badge, \.hero, \.headline, \.detail, \.strip, \.stats, \.footer] {
                self[keyPath: keyPath] = self[keyPath: keyPath].mirrored(in: width)
            }
        }
    }

    /// How much a visual part may grow, as a share of its own height, when parts are missing (the
    /// hero, a circle, never beyond the column's width).
    static let growth: [(Part, Double)] = [(.hero, 1), (.strip, 0.3), (.stats, 0.3)]

    /// Stacks the present slots in the box, in four steps:
    /// 1. each present part gets its share of the height, with the gaps between them;
    /// 2. the detail, the headline and the strip get the height they need (``needs``: text at its
    ///    largest size, a chart with its names and values): less gives the rest to the room left
    ///    over; more takes that room, then the hero's down to ``heroFloor`` of it;
    /// 3. the hero, the strip and the stats grow with what is left, by at most ``growth`` (the
    ///    hero, a circle, no taller than the column is wide);
    /// 4. what is still left is shared equally by the space above, between and below the parts.
    ///
    /// Absent parts get a zero-height rectangle where they would be.
    private static func stack(
        _ slots: [Slot],
        present: Set<Part>,
        needs: [Part: Double],
        x: Double,
        y: Double,
        width: Double,
        height: Double
    ) -> [Part: CardRect] {
        let shown = slots.filter { present.contains($0.part) }
        var heights: [Part: Double] = [:]
        for slot in shown { heights[slot.part] = height * slot.share }
        let gaps = shown.dropLast().reduce(0) { $0 + height * $1.gap }
        var spare = max(0, height - gaps - heights.values.reduce(0, +))
        let heroFloor = (heights[.hero] ?? 0) * Self.heroFloor
        for part in [Part.detail, .headline, .strip] {
            guard let current = heights[part], let need = needs[part] else { continue }
            if need <= current {
                // Text that needs less gives the rest back: it is shared around the parts below
                // rather than left above and below the text.
                spare += current - need
                heights[part] = need
                continue
            }
            let fromSpare = min(need - current, spare)
            spare -= fromSpare
            let fromHero = min(need - current - fromSpare, max(0, (heights[.hero] ?? 0) - heroFloor))
            if fromHero > 0 { heights[.hero]! -= fromHero }
            heights[part] = current + fromSpare + fromHero
        }
        for (part, share) in Self.growth {
            guard let current = heights[part] else { continue }
            let limit = part == .hero ? max(0, width - current) : .infinity
            let grown = min(spare, current * share, limit)
            heights[part] = current + grown
            spare -= grown
        }
        let between = spare / Double(shown.count + 1)
        var rects: [Part: CardRect] = [:]
        var cursor = y + between
        for slot in slots {
            guard let partHeight = heights[slot.part] else {
                rects[slot.part] = CardRect(x: x, y: cursor, width: width, height: 0)
                continue
            }
            rects[slot.part] = CardRect(x: x, y: cursor, width: width, height: partHeight)
            cursor += partHeight + height * slot.gap + between
        }
        return rects
    }

    /// The branding footer: full width inside the margins, at the bottom.
    private static func footer(width: Double, height: Double, margin: Double, footerHeight: Double) -> CardRect {
        CardRect(x: margin, y: height - margin - footerHeight, width: width - 2 * margin, height: footerHeight)
    }
}
