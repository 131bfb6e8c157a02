import ImagePipeline
import ShareCards
import Testing

/// Arabic and Hebrew cards mirror the layout: hero, text alignment, calendar, stats, footer.
struct RightToLeftTests {
    @Test(arguments: ["ar", "he"])
    func regionsMirror(language: String) throws {
        let ltr = try CardRenderer().render(SampleSpecs.spec(.streak, size: .landscape))
        let rtl = try CardRenderer().render(SampleSpecs.spec(.streak, size: .landscape, language: language))
        for (name, box) in ltr.regions {
            let mirrored = try #require(rtl.regions[name])
            #expect(abs(mirrored.x - (1200 - box.maxX)) < 0.01, "\(name) is not mirrored")
        }
    }

    /// In pixels: the progress ring runs clockwise from the top on an English card (more accent
    /// on the hero's right half) and anticlockwise on an Arabic one (more on its left half); the
    /// Arabic headline ends at its box's right edge.
    @Test func pixelsMirror() throws {
        let accent = CardTheme.dark.accent
        func accentHalves(_ card: RenderedCard) throws -> (left: Int, right: Int) {
            let hero = try #require(card.regions["hero"])
            var left = 0
            var right = 0
            for y in Int(hero.y)..<Int(hero.maxY) {
                for x in Int(hero.x)..<Int(hero.maxX) {
                    let p = card.image.pixel(x: x, y: y)
                    guard abs(Int(p.r) - Int(accent.red)) < 8, abs(Int(p.g) - Int(accent.green)) < 8,
                        abs(Int(p.b) - Int(accent.blue)) < 8
                    else { continue }
                    if Double(x) < hero.midX { left += 1 } else { right += 1 }
                }
            }
            return (left, right)
        }
        var englishSpec = SampleSpecs.spec(.progress, size: .landscape)
        englishSpec.fields = .progress(.init(current: 10, target: 30, unit: "days", title: "Meditation"))
        var arabicSpec = englishSpec
        arabicSpec.language = "ar"
        arabicSpec.fields = .progress(.init(current: 10, target: 30, unit: "أيام", title: "التأمل"))
        let english = try CardRenderer().render(englishSpec)
        let arabic = try CardRenderer().render(arabicSpec)
        let (englishLeft, englishRight) = try accentHalves(english)
        let (arabicLeft, arabicRight) = try accentHalves(arabic)
        #expect(englishRight > 1000 && englishLeft < englishRight / 4)
        #expect(arabicLeft > 1000 && arabicRight < arabicLeft / 4)
        #expect(try #require(arabic.regions["hero"]).x > 600, "the hero is not on the right")
        let headline = try #require(arabic.texts.first { $0.role == "headline" })
        #expect(headline.box.maxX - headline.ink.maxX < 8, "the Arabic headline is not right-aligned")
        let englishHeadline = try #require(english.texts.first { $0.role == "headline" })
        #expect(englishHeadline.ink.x - englishHeadline.box.x < 8)
    }
}
