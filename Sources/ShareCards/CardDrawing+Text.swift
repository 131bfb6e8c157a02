/// Setting text: the largest size that fits a box, wrapping, "…" only at the smallest size, and
/// missing glyphs reported by name.
extension CardDrawing {
    /// Where a line of text sits: at the start of its box (left, or right for right-to-left
    /// languages), in the centre, or at a fixed side whatever the language (a map's labels).
    enum Side { case start, center, left, right }
    enum Vertical { case top, center }

    func alignment(_ side: Side) -> TextRequest.Alignment {
        switch side {
        case .center: .center
        case .start: rtl ? .right : .left
        case .left: .left
        case .right: .right
        }
    }

    var defaultSide: Side { layout.centered ? .center : .start }

    func request(
        _ text: String,
        _ box: CardRect,
        size: Double,
        weight: Int,
        side: Side,
        color: CardColor
    )
        -> TextRequest
    {
        TextRequest(
            text: text,
            families: families,
            language: spec.language,
            size: size,
            weight: weight,
            box: box,
            alignment: alignment(side),
            rightToLeft: rtl,
            color: color
        )
    }

    func fits(_ metrics: TextMetrics, _ box: CardRect) -> Bool {
        metrics.logicalWidth <= box.width + 0.5 && metrics.logicalHeight <= box.height + 0.5
            && box.contains(metrics.ink, slack: 0.5)
    }

    /// The largest size from `largest` down to `smallest` at which the text fits the box, or nil.
    func fittingSize(_ text: String, in box: CardRect, largest: Double, smallest: Double, weight: Int) -> Double? {
        var probe = request(text, box, size: largest, weight: weight, side: defaultSide, color: theme.text)
        if fits(canvas.text(probe, draw: false), box) { return largest }
        probe.size = smallest
        guard fits(canvas.text(probe, draw: false), box) else { return nil }
        var low = smallest
        var high = largest
        while high - low > max(0.5, largest * 0.01) {
            probe.size = (low + high) / 2
            if fits(canvas.text(probe, draw: false), box) { low = probe.size } else { high = probe.size }
        }
        return low
    }

    /// Fits and draws a block of text; returns its metrics, or nil for empty text.
    @discardableResult
    mutating func fit(
        _ role: String,
        _ text: String,
        in box: CardRect,
        largest: Double,
        smallest: Double,
        weight: Int = 400,
        side: Side? = nil,
        vertical: Vertical = .center,
        color: CardColor? = nil,
        size fixed: Double? = nil
    ) throws(CardError) -> TextMetrics? {
        guard !text.isEmpty, box.width > 1, box.height > 1 else { return nil }
        let smallest = min(smallest, largest, box.height / 1.3)
        var request = request(
            text,
            box,
            size: smallest,
            weight: weight,
            side: side ?? defaultSide,
            color: color ?? theme.text
        )
        if let size = fixed ?? fittingSize(text, in: box, largest: largest, smallest: smallest, weight: weight) {
            request.size = size
        } else {
            request.breakWords = true
            request.ellipsize = true
        }
        var metrics = canvas.text(request, draw: false)
        if vertical == .center {
            request.box.y += max(0, (box.height - metrics.logicalHeight) / 2)
        }
        metrics = canvas.text(request, draw: !hiddenRoles.contains(role))
        if metrics.unknownGlyphs > 0 { throw missingGlyph(in: text, role: role) }
        texts.append(
            PlacedText(
                role: role,
                text: text,
                box: box,
                ink: metrics.ink,
                size: request.size,
                isEllipsized: metrics.isEllipsized
            )
        )
        return metrics
    }

    /// The error for text with a character no font has, naming the first such character.
    func missingGlyph(in text: String, role: String) -> CardError {
        for character in text where !character.isWhitespace {
            let probe = request(
                String(character),
                CardRect(x: 0, y: 0, width: 1000, height: 100),
                size: 20,
                weight: 400,
                side: .start,
                color: theme.text
            )
            if canvas.text(probe, draw: false).unknownGlyphs > 0 {
                let codes = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                return CardError(
                    .missingGlyph,
                    "the \(role) has '\(character)' (\(codes.joined(separator: " "))), which no installed font has; "
                        + "install a font for it (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji) or remove it"
                )
            }
        }
        return CardError(
            .missingGlyph,
            "the \(role) has a character no installed font has; install fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji"
        )
    }
}
