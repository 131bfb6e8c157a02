import ShareCards
import Testing

/// A character no installed font has is an error naming it, found with Pango's count of unknown
/// glyphs, never a box in the image.
struct MissingGlyphTests {
    @Test func aCharacterWithoutAFontIsAnError() throws {
        var spec = SampleSpecs.spec(.challenge)
        spec.fields = .challenge(.init(badge: "🏅", name: "Plank \u{E000}", points: 5))
        #expect {
            _ = try CardRenderer().render(spec)
        } throws: { error in
            let error = try #require(error as? CardError)
            return error.code == .missingGlyph && error.message.contains("U+E000") && error.message.contains("headline")
        }
    }

    @Test(arguments: ["Ελληνικά", "Кириллица", "עברית", "العربية", "हिन्दी", "한국어", "简体中文", "ไทย"])
    func everyScriptHasAFont(text: String) throws {
        var spec = SampleSpecs.spec(.challenge)
        spec.fields = .challenge(.init(badge: "🏅", name: text, points: 5))
        let card = try CardRenderer().render(spec)
        #expect(card.texts.contains { $0.text == text })
    }
}
