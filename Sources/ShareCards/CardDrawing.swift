/// Draws one card's parts onto a canvas, keeping the text layer as it goes.
struct CardDrawing {
    let spec: CardSpec
    let canvas: CardCanvas
    private(set) var layout: CardLayout
    let face: CardFace
    let theme: CardTheme
    let rtl: Bool
    let families: String
    let unit: Double
    /// The text drawn so far (the card's text layer).
    var texts: [PlacedText] = []
    /// Roles whose text is laid out and recorded but not drawn (see ``CardRenderer/hiddenTextRoles``).
    var hiddenRoles: Set<String> = []

    init(spec: CardSpec, canvas: CardCanvas) {
        self.spec = spec
        self.canvas = canvas
        rtl = spec.isRightToLeft
        face = CardFace(spec: spec)
        layout = CardLayout(size: spec.size, rightToLeft: rtl, parts: face.parts)
        theme = spec.theme
        families = CardFonts.families(for: spec.language)
        unit = Double(min(spec.size.width, spec.size.height)) / 100
        // Text gets the room it needs at its largest size where the layout can spare it, before
        // anything is shrunk or cut.
        var needs: [CardLayout.Part: Double] = [
            .headline: naturalHeight(face.headline, width: layout.headline.width, size: headlineLargest, weight: 700),
            .detail: naturalHeight(face.detail, width: layout.detail.width, size: detailLargest, weight: 400),
        ]
        // A chart has values over its bars and names under them: it wants more than a calendar.
        if case .chart = face.strip { needs[.strip] = layout.strip.height * Self.chartHeight }
        layout = CardLayout(size: spec.size, rightToLeft: rtl, parts: face.parts, needs: needs)
    }

    /// The chart's height, as a multiple of the strip's share.
    static let chartHeight = 1.8

    /// The headline's and the detail's largest sizes.
    var headlineLargest: Double { 9 * unit }
    var detailLargest: Double { 4.4 * unit }

    /// The height `text` takes at `size`, wrapped to `width`.
    private func naturalHeight(_ text: String, width: Double, size: Double, weight: Int) -> Double {
        guard !text.isEmpty else { return 0 }
        let box = CardRect(x: 0, y: 0, width: width, height: Double(canvas.height))
        let metrics = canvas.text(
            request(text, box, size: size, weight: weight, side: defaultSide, color: theme.text),
            draw: false
        )
        // Room for ink beyond the line box (accents, emoji) so the text fits at its largest size.
        return metrics.logicalHeight * 1.15 + 2
    }

    mutating func drawAll() throws(CardError) {
        canvas.fillGradient(
            CardRect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height)),
            // Opaque whatever a caller's own theme says: the canvas starts undefined, and only
            // an opaque fill makes every pixel the card's own.
            from: theme.top.opaque,
            to: theme.bottom.opaque
        )
        try drawBadge()
        try drawHero()
        try fit(
            "headline",
            face.headline,
            in: layout.headline,
            largest: headlineLargest,
            smallest: 2.6 * unit,
            weight: 700
        )
        try fit(
            "detail",
            face.detail,
            in: layout.detail,
            largest: detailLargest,
            smallest: 2.2 * unit,
            color: theme.text.withOpacity(0.78)
        )
        try drawStrip()
        try drawStats()
        try drawFooter()
    }

    // MARK: Parts

    private mutating func drawBadge() throws(CardError) {
        let box = layout.badge
        let size = box.height * 0.46
        let padding = box.height * 0.6
        let probe = request(face.badge, box, size: size, weight: 700, side: .start, color: theme.onAccent)
        let natural = canvas.text(probe, draw: false)
        let pillWidth = min(box.width, natural.logicalWidth + 2 * padding)
        var pill = CardRect(x: box.x, y: box.y, width: pillWidth, height: box.height)
        if layout.centered {
            pill.x = box.midX - pillWidth / 2
        } else if rtl {
            pill.x = box.maxX - pillWidth
        }
        canvas.fillRounded(pill, radius: box.height / 2, theme.accent)
        let inner = CardRect(x: pill.x + padding, y: pill.y, width: pill.width - 2 * padding, height: pill.height)
        try fit(
            "badge",
            face.badge,
            in: inner,
            largest: size,
            smallest: size * 0.6,
            weight: 700,
            side: .center,
            color: theme.onAccent
        )
    }

    private mutating func drawHero() throws(CardError) {
        let box = layout.hero
        let diameter = min(box.width, box.height)
        let center = (x: box.midX, y: box.midY)
        let disc = CardRect(x: center.x - diameter / 2, y: center.y - diameter / 2, width: diameter, height: diameter)
        switch face.hero {
        case .emoji(let emoji):
            canvas.fillRounded(disc, radius: diameter / 2, theme.accent.withOpacity(0.16))
            canvas.strokeArc(
                center: center,
                radius: diameter / 2 - diameter * 0.02,
                lineWidth: diameter * 0.03,
                from: 0,
                to: 2 * .pi,
                roundCaps: false,
                theme.accent
            )
            let inner = disc.inset(by: diameter * 0.2)
            try fit("hero", emoji, in: inner, largest: diameter * 0.42, smallest: diameter * 0.2, side: .center)
        case .ring(let fraction, let text):
            let lineWidth = diameter * 0.08
            let radius = diameter / 2 - lineWidth / 2
            canvas.strokeArc(
                center: center,
                radius: radius,
                lineWidth: lineWidth,
                from: 0,
                to: 2 * .pi,
                roundCaps: false,
                theme.text.withOpacity(0.15)
            )
            if fraction > 0 {
                let sweep = 2 * .pi * min(fraction, 1)
                let start = -Double.pi / 2
                // Right to left, progress runs anticlockwise: the ring mirrors with the layout.
                let (from, to) = rtl ? (start - sweep, start) : (start, start + sweep)
                canvas.strokeArc(
                    center: center,
                    radius: radius,
                    lineWidth: lineWidth,
                    from: from,
                    to: to,
                    roundCaps: true,
                    theme.accent
                )
            }
            let inner = CardRect(
                x: center.x - diameter * 0.32,
                y: center.y - diameter * 0.16,
                width: diameter * 0.64,
                height: diameter * 0.32
            )
            try fit(
                "hero",
                text,
                in: inner,
                largest: diameter * 0.2,
                smallest: diameter * 0.06,
                weight: 700,
                side: .center
            )
        case .disc(let text):
            canvas.fillRounded(disc, radius: diameter / 2, theme.accent)
            let inner = disc.inset(by: diameter * 0.2)
            try fit(
                "hero",
                text,
                in: inner,
                largest: diameter * 0.42,
                smallest: diameter * 0.12,
                weight: 700,
                side: .center,
                color: theme.onAccent
            )
        case .route(let route):
            try drawRoute(route, in: box)
        }
    }

    private mutating func drawStrip() throws(CardError) {
        guard let strip = face.strip else { return }
        let box = layout.strip
        switch strip {
        case .calendar(let days):
            let count = Double(days.count)
            let gapShare = 0.3
            let cell = min(box.height * 0.7, box.width / (count + (count - 1) * gapShare))
            let gap = cell * gapShare
            let total = cell * count + gap * (count - 1)
            var x: Double
            if layout.centered { x = box.midX - total / 2 } else { x = rtl ? box.maxX - total : box.x }
            // Oldest first in reading order: left to right, or right to left.
            for done in rtl ? days.reversed() : days {
                let rect = CardRect(x: x, y: box.midY - cell / 2, width: cell, height: cell)
                canvas.fillRounded(rect, radius: cell * 0.25, done ? theme.accent : theme.text.withOpacity(0.15))
                x += cell + gap
            }
        case .bar(let fraction, let caption):
            let captionBox = CardRect(x: box.x, y: box.y, width: box.width, height: box.height * 0.5)
            try fit(
                "strip",
                caption,
                in: captionBox,
                largest: box.height * 0.36,
                smallest: box.height * 0.2,
                color: theme.text.withOpacity(0.78)
            )
            let track = CardRect(x: box.x, y: box.y + box.height * 0.62, width: box.width, height: box.height * 0.26)
            canvas.fillRounded(track, radius: track.height / 2, theme.text.withOpacity(0.15))
            let filled = track.width * min(max(fraction, 0), 1)
            if filled > 0 {
                let x = rtl ? track.maxX - max(filled, track.height) : track.x
                canvas.fillRounded(
                    CardRect(x: x, y: track.y, width: max(filled, track.height), height: track.height),
                    radius: track.height / 2,
                    theme.accent
                )
            }
        case .chart(let values, let labels, let showsValues):
            try drawChart(values: values, labels: labels, showsValues: showsValues, in: box)
        }
    }

    /// The stats row: values on one baseline, labels on another, columns in reading order.
    private mutating func drawStats() throws(CardError) {
        let stats = face.stats
        guard !stats.isEmpty else { return }
        let box = layout.stats
        let gap = 3 * unit
        let columnWidth = (box.width - gap * Double(stats.count - 1)) / Double(stats.count)
        let columns = stats.indices.map { index in
            let offset = Double(index) * (columnWidth + gap)
            return CardRect(
                x: rtl ? box.maxX - offset - columnWidth : box.x + offset,
                y: box.y,
                width: columnWidth,
                height: box.height
            )
        }
        let valueHeight = box.height * 0.55
        let labelHeight = box.height * 0.4
        let valueBoxes = columns.map { CardRect(x: $0.x, y: $0.y, width: $0.width, height: valueHeight) }
        let labelBoxes = columns.map {
            CardRect(x: $0.x, y: $0.maxY - labelHeight, width: $0.width, height: labelHeight)
        }
        let side: Side = layout.centered || stats.count > 1 ? .center : .start
        try drawRow(
            "stat-value",
            stats.map(\.value),
            valueBoxes,
            largest: valueHeight * 0.7,
            smallest: valueHeight * 0.25,
            weight: 700,
            side: side,
            color: theme.accent == theme.text ? theme.text : theme.accent
        )
        try drawRow(
            "stat-label",
            stats.map(\.label),
            labelBoxes,
            largest: labelHeight * 0.5,
            smallest: labelHeight * 0.25,
            weight: 400,
            side: side,
            color: theme.text.withOpacity(0.78)
        )
    }

    /// Texts in boxes of one row at one size (the largest every one fits), on one baseline.
    mutating func drawRow(
        _ role: String,
        _ items: [String],
        _ boxes: [CardRect],
        largest: Double,
        smallest: Double,
        weight: Int,
        side: Side,
        color: CardColor
    ) throws(CardError) {
        var size = largest
        for (text, box) in zip(items, boxes) {
            size = min(
                size,
                fittingSize(text, in: box, largest: largest, smallest: smallest, weight: weight) ?? smallest
            )
        }
        let baselines = zip(items, boxes).map { text, box in
            canvas.text(request(text, box, size: size, weight: weight, side: side, color: color), draw: false).baseline
        }
        let row = baselines.max() ?? 0
        for ((text, box), baseline) in zip(zip(items, boxes), baselines) {
            var shifted = box
            shifted.y += row - baseline
            shifted.height -= row - baseline
            try fit(
                role,
                text,
                in: shifted,
                largest: size,
                smallest: smallest,
                weight: weight,
                side: side,
                vertical: .top,
                color: color,
                size: fittingSize(text, in: shifted, largest: size, smallest: size, weight: weight)
            )
        }
    }

    private mutating func drawFooter() throws(CardError) {
        let box = layout.footer
        canvas.fillRounded(
            CardRect(x: box.x, y: box.y, width: box.width, height: max(1, unit * 0.2)),
            radius: 0,
            theme.text.withOpacity(0.2)
        )
        var textBox = CardRect(x: box.x, y: box.y + unit * 2, width: box.width, height: box.height - unit * 2)
        if spec.branding.showsQRCode, let link = spec.branding.link {
            let side = textBox.height
            let qrBox = CardRect(x: rtl ? box.x : box.maxX - side, y: textBox.y, width: side, height: side)
            try drawQR(link, in: qrBox)
            textBox.width -= side + 3 * unit
            if rtl { textBox.x += side + 3 * unit }
        }
        let rows = [
            ("app", spec.branding.appName, 0.4, 700),
            ("tagline", spec.branding.tagline ?? "", 0.3, 400),
            ("link", spec.branding.link.map(Self.displayLink) ?? "", 0.3, 400),
        ].filter { !$0.1.isEmpty }
        let total = rows.reduce(0) { $0 + $1.2 }
        var y = textBox.y
        for (role, text, share, weight) in rows {
            let height = textBox.height * share / total
            let row = CardRect(x: textBox.x, y: y, width: textBox.width, height: height)
            try fit(
                role,
                text,
                in: row,
                largest: min(height * 0.7, 5 * unit),
                smallest: min(height * 0.35, 2 * unit),
                weight: weight,
                side: .start,
                color: role == "app" ? theme.text : theme.text.withOpacity(0.7)
            )
            y += height
        }
    }

    private func drawQR(_ link: String, in box: CardRect) throws(CardError) {
        guard let modules = try CardCanvas.qrModules(link) else { return }
        let count = Double(modules.count + 4)
        let module = (box.width / count).rounded(.down)
        guard module >= 1 else { return }
        let side = module * count
        let origin = (x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2)
        canvas.fillRounded(
            CardRect(x: origin.x, y: origin.y, width: side, height: side),
            radius: module,
            CardColor(red: 255, green: 255, blue: 255)
        )
        let dark = CardColor(red: 0, green: 0, blue: 0)
        for (row, line) in modules.enumerated() {
            for (column, isDark) in line.enumerated() where isDark {
                canvas.fillRounded(
                    CardRect(
                        x: origin.x + Double(column + 2) * module,
                        y: origin.y + Double(row + 2) * module,
                        width: module,
                        height: module
                    ),
                    radius: 0,
                    dark
                )
            }
        }
    }

    /// `example.com/app` for `https://example.com/app`.
    static func displayLink(_ link: String) -> String {
        var text = Substring(link)
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text = text.dropFirst(scheme.count) }
        if text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
