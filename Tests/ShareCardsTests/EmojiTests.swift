import ImagePipeline
import ShareCards
import Testing

/// Emoji are drawn in colour (from Noto Color Emoji, by fallback), and digits are never drawn
/// from the emoji font (the trap of naming it in the family list: grey digits).
struct EmojiTests {
    static func colourfulShare(_ card: RenderedCard, in rect: CardRect) -> Double {
        var colourful = 0
        var total = 0
        for y in Int(rect.y)..<Int(rect.maxY) {
            for x in Int(rect.x)..<Int(rect.maxX) {
                let p = card.image.pixel(x: x, y: y)
                let spread = Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b))
                if spread > 60 { colourful += 1 }
                total += 1
            }
        }
        return total == 0 ? 0 : Double(colourful) / Double(total)
    }

    @Test(arguments: ["🔥", "👩‍💻", "🧑‍🤝‍🧑", "🇧🇷", "🏳️‍🌈", "🦉"])
    func emojiAreInColour(emoji: String) throws {
        var spec = SampleSpecs.spec(.achievement, theme: .slate)
        spec.fields = .achievement(.init(icon: emoji, name: "Emoji", description: ""))
        let card = try CardRenderer().render(spec)
        let hero = try #require(card.texts.first { $0.role == "hero" })
        #expect(hero.ink.width > 50)
        #expect(Self.colourfulShare(card, in: hero.ink) > 0.05, "\(emoji) is not in colour")
    }

    /// A ZWJ sequence or a flag is one glyph, not its parts side by side.
    @Test(arguments: ["👩‍💻", "🧑‍🤝‍🧑", "🇧🇷", "🏳️‍🌈"])
    func sequencesAreOneGlyph(emoji: String) throws {
        func heroWidth(_ icon: String) throws -> Double {
            var spec = SampleSpecs.spec(.achievement, theme: .slate)
            spec.fields = .achievement(.init(icon: icon, name: "Emoji", description: ""))
            return try #require(try CardRenderer().render(spec).texts.first { $0.role == "hero" }).ink.width
        }
        #expect(try heroWidth(emoji) < 1.3 * heroWidth("🔥"))
    }

    @Test func digitsAndHashAreNotDrawnFromTheEmojiFont() throws {
        var spec = SampleSpecs.spec(.achievement, theme: .dark)
        spec.fields = .achievement(.init(icon: "🔥", name: "#1 0123456789 *", description: ""))
        let card = try CardRenderer().render(spec)
        let headline = try #require(card.texts.first { $0.role == "headline" })
        #expect(Self.colourfulShare(card, in: headline.ink) < 0.01)
    }
}
