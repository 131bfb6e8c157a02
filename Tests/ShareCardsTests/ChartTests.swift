import ImagePipeline
import ShareCards
import Testing

/// The statistics card's bar chart: a bar a value on a drawn baseline, each named under it and
/// with its value over it (no values on a private card), in reading order.
struct ChartTests {
    static let values: [Double] = [3, 5, 2, 8, 6, 4, 7]
    static let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static func render(
        language: String = "en",
        isPrivate: Bool = false,
        labels: [String] = names
    ) throws
        -> RenderedCard
    {
        var spec = SampleSpecs.spec(.statistics, language: language)
        spec.fields = .statistics(
            .init(
                period: "November",
                items: [.init(name: "Running", count: 12)],
                chart: values,
                chartLabels: labels
            )
        )
        spec.isPrivate = isPrivate
        return try CardRenderer().render(spec)
    }

    @Test func everyBarIsNamedAndValuedInReadingOrder() throws {
        let card = try Self.render()
        let labels = card.texts.filter { $0.role == "chart-label" }
        let values = card.texts.filter { $0.role == "chart-value" }
        #expect(labels.map(\.text) == Self.names)
        #expect(values.map(\.text) == ["3", "5", "2", "8", "6", "4", "7"])
        #expect(labels.map(\.ink.midX) == labels.map(\.ink.midX).sorted(), "left to right")
        for (label, value) in zip(labels, values) {
            #expect(abs(label.ink.midX - value.ink.midX) < 4, "\(value.text) is over \(label.text)")
            #expect(value.ink.maxY < label.ink.y, "the value is above the bar's name")
        }
        // A larger value stands higher: its number sits over a taller bar.
        let byValue = zip(Self.values, values).sorted { $0.0 < $1.0 }.map(\.1.ink.y)
        #expect(byValue == byValue.sorted(by: >), "\(byValue)")
    }

    @Test func rightToLeftTheFirstBarIsOnTheRight() throws {
        let card = try Self.render(language: "ar")
        let labels = card.texts.filter { $0.role == "chart-label" }
        #expect(labels.map(\.text) == Self.names)
        #expect(labels.map(\.ink.midX) == labels.map(\.ink.midX).sorted(by: >))
    }

    @Test func aPrivateChartHasNoValuesButKeepsItsNames() throws {
        let card = try Self.render(isPrivate: true)
        #expect(card.texts.filter { $0.role == "chart-value" }.isEmpty)
        #expect(card.texts.filter { $0.role == "chart-label" }.map(\.text) == Self.names)
    }

    @Test func barsWithoutNamesAreNumbered() throws {
        let card = try Self.render(labels: [])
        #expect(card.texts.filter { $0.role == "chart-label" }.map(\.text) == ["1", "2", "3", "4", "5", "6", "7"])
    }

    /// The baseline is a line across the chart: on the pixels, the row just above the names
    /// differs from the background over most of the strip's width.
    @Test func theBarsStandOnADrawnBaseline() throws {
        let card = try Self.render()
        let strip = try #require(card.regions["strip"])
        let top = card.texts.filter { $0.role == "chart-label" }.map(\.box.y).min()!
        let image = card.image
        func drawnShare(_ y: Int) -> Double {
            let row = y * image.width * 4
            var drawn = 0
            for x in Int(strip.x)..<Int(strip.maxX) {
                let offset = row + x * 4
                let differs = (0..<3).contains { abs(Int(image.pixels[offset + $0]) - Int(image.pixels[row + $0])) > 8 }
                if differs { drawn += 1 }
            }
            return Double(drawn) / strip.width
        }
        #expect(drawnShare(Int(top) - 1) > 0.95, "the baseline row")
        #expect(drawnShare(Int(strip.y) + 2) < 0.5, "a row above the bars is mostly background")
    }
}
