/// The statistics card's bar chart: a bar a value, on a baseline, named under it, with its value
/// over it (values are left out on a private card: the bars' heights are relative).
extension CardDrawing {
    /// Draws the chart in `box`, bars in reading order (right to left for right-to-left languages).
    mutating func drawChart(
        values: [Double],
        labels: [String],
        showsValues: Bool,
        in box: CardRect
    ) throws(CardError) {
        guard !values.isEmpty else { return }
        let count = Double(values.count)
        let slot = box.width / count
        let barWidth = min(slot * 0.62, box.height * 0.4)
        let labelHeight = box.height * 0.2
        let valueHeight = showsValues ? box.height * 0.2 : 0
        let baseline = box.maxY - labelHeight
        let barsTop = box.y + valueHeight
        let tallest = baseline - barsTop
        let peak = values.max() ?? 0
        let slots = values.indices.map { index in
            let offset = Double(index) * slot
            return CardRect(
                x: rtl ? box.maxX - offset - slot : box.x + offset,
                y: box.y,
                width: slot,
                height: box.height
            )
        }
        var valueBoxes: [CardRect] = []
        for (value, column) in zip(values, slots) {
            let height = peak > 0 ? tallest * value / peak : 0
            let x = column.midX - barWidth / 2
            if height >= 1 {
                canvas.fillRounded(
                    CardRect(x: x, y: baseline - height, width: barWidth, height: height),
                    radius: min(barWidth * 0.18, height / 2),
                    theme.accent
                )
            }
            valueBoxes.append(
                CardRect(x: column.x, y: baseline - height - valueHeight, width: column.width, height: valueHeight)
            )
        }
        let line = max(1, unit * 0.25)
        canvas.fillRounded(
            CardRect(x: box.x, y: baseline, width: box.width, height: line),
            radius: 0,
            theme.text.withOpacity(0.45)
        )
        let labelBoxes = slots.map {
            CardRect(x: $0.x + 1, y: baseline + line, width: $0.width - 2, height: labelHeight - line)
        }
        try drawRow(
            "chart-label",
            labels,
            labelBoxes,
            largest: labelHeight * 0.8,
            smallest: labelHeight * 0.4,
            weight: 400,
            side: .center,
            color: theme.text.withOpacity(0.78)
        )
        if showsValues {
            try drawRow(
                "chart-value",
                values.map { CardCatalogue.forLanguage(spec.language).numbers.plain($0) },
                valueBoxes.map { CardRect(x: $0.x + 1, y: $0.y, width: $0.width - 2, height: $0.height) },
                largest: valueHeight * 0.8,
                smallest: valueHeight * 0.4,
                weight: 700,
                side: .center,
                color: theme.text
            )
        }
    }
}
