/// The trip card's route: a panel on the theme's background, the projected line over a softer
/// wider one, the start a filled dot, the end a ring, each stop a dot with its name beside it.
extension CardDrawing {
    /// Draws `route` filling `box` (north up whatever the language: a map is not mirrored).
    mutating func drawRoute(_ route: CardRoute, in box: CardRect) throws(CardError) {
        canvas.fillRounded(box, radius: unit * 3, theme.text.withOpacity(0.06))
        let (line, stops) = route.projected(into: box.inset(by: unit * 7))
        guard let start = line.first, let end = line.last else { return }
        let path = line.map { (x: $0.x, y: $0.y) }
        canvas.strokePath(path, lineWidth: unit * 2.6, theme.accent.withOpacity(0.25))
        canvas.strokePath(path, lineWidth: unit * 1.1, theme.accent)
        dot(at: start, radius: unit * 1.8, theme.accent)
        dot(at: end, radius: unit * 2, theme.accent)
        dot(at: end, radius: unit * 1.1, theme.text)
        for (stop, place) in zip(route.stops, stops) {
            dot(at: place, radius: unit * 1.4, theme.text)
            dot(at: place, radius: unit * 0.8, theme.accent)
            guard let name = stop.name, !name.isEmpty else { continue }
            try label(name, beside: place, in: box)
        }
    }

    /// A filled circle.
    private func dot(at point: CardRoute.Point, radius: Double, _ color: CardColor) {
        canvas.fillRounded(
            CardRect(x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius),
            radius: radius,
            color
        )
    }

    /// A stop's name on the side of its mark with more room, inside the panel.
    private mutating func label(_ name: String, beside point: CardRoute.Point, in panel: CardRect) throws(CardError) {
        let gap = unit * 2.4
        let height = unit * 4.4
        let onRight = point.x - panel.x < panel.maxX - point.x
        let width = max(unit * 8, onRight ? panel.maxX - point.x - gap - unit : point.x - panel.x - gap - unit)
        let x = onRight ? point.x + gap : point.x - gap - width
        let y = min(max(point.y - height / 2, panel.y), panel.maxY - height)
        try fit(
            "stop",
            name,
            in: CardRect(x: x, y: y, width: width, height: height),
            largest: unit * 3.4,
            smallest: unit * 2.2,
            weight: 700,
            side: onRight ? .left : .right
        )
    }
}
