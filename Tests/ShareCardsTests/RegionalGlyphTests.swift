import ImagePipeline
import ShareCards
import Testing

/// CJK text takes the regional forms of the card's language: 直, 角 and 骨 differ between
/// Japanese and Simplified Chinese fonts (the same code points).
struct RegionalGlyphTests {
    static func headlinePixels(language: String) throws -> [UInt8] {
        var spec = SampleSpecs.spec(.challenge, language: language)
        spec.fields = .challenge(.init(badge: "🏅", name: "直角骨", points: 5))
        let card = try CardRenderer().render(spec)
        let box = try #require(card.regions["headline"])
        var pixels: [UInt8] = []
        for y in Int(box.y)..<Int(box.maxY) {
            let start = (y * card.image.width + Int(box.x)) * 4
            pixels += card.image.pixels[start..<start + Int(box.width) * 4]
        }
        return pixels
    }

    @Test func japaneseAndChineseDrawDifferentGlyphs() throws {
        let japanese = try Self.headlinePixels(language: "ja")
        #expect(try Self.headlinePixels(language: "ja") == japanese, "the check compares like with like")
        #expect(try Self.headlinePixels(language: "zh-Hans") != japanese)
        #expect(try Self.headlinePixels(language: "zh-Hant") != japanese)
    }
}
