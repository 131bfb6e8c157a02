import ShareCards
import Testing

/// Text gets the room the layout has before it is shrunk or cut: a long description takes the
/// spare height and some of the hero's, and is set at its largest size.
struct TextRoomTests {
    static let description =
        "Finished a workout after 10 pm five times this month, twice in the rain and once after a long day at work."

    @Test(arguments: [CardSize.story, .square])
    func aLongDescriptionKeepsItsLargestSize(size: CardSize) throws {
        var spec = SampleSpecs.spec(.achievement, size: size)
        spec.fields = .achievement(.init(icon: "🦉", name: "Night Owl", description: Self.description, level: 3))
        let card = try CardRenderer().render(spec)
        let detail = try #require(card.texts.first { $0.role == "detail" })
        let unit = Double(min(size.width, size.height)) / 100
        #expect(!detail.isEllipsized)
        #expect(detail.size == 4.4 * unit, "set at its largest size, \(4.4 * unit), not \(detail.size)")
        #expect(detail.box.contains(detail.ink, slack: 1))
        let hero = try #require(card.regions["hero"])
        #expect(hero.height < detail.box.height * 4, "the hero gave up room")
    }

    /// A description too long for its largest size takes the hero's spare room first, then
    /// shrinks, and is not cut while it fits at the smallest size.
    @Test func aVeryLongDescriptionTakesRoomThenShrinks() throws {
        var spec = SampleSpecs.spec(.achievement)
        let long = String(repeating: Self.description + " ", count: 6)
        spec.fields = .achievement(.init(icon: "🦉", name: "Night Owl", description: long, level: 3))
        let card = try CardRenderer().render(spec)
        let detail = try #require(card.texts.first { $0.role == "detail" })
        #expect(!detail.isEllipsized)
        #expect(detail.size < 4.4 * 10.8, "650 characters are set smaller")
        let hero = try #require(card.regions["hero"])
        let open = try CardRenderer().render(SampleSpecs.spec(.achievement)).regions["hero"]!
        #expect(hero.height < open.height, "the hero gave up room first")
    }
}
