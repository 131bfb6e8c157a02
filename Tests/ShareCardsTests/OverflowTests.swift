import ImagePipeline
import ShareCards
import Testing

/// Text that can't fit at full size shrinks, then wraps or is cut with "…", and never leaves its
/// box: checked on the text layer and on the pixels.
struct OverflowTests {
    static let longHeadline = String(
        repeating: "Consistency beats intensity when the days get long and the goals get far. ",
        count: 3
    ).prefix(200)
    static let longWord = String(repeating: "Supercalifragilistic", count: 2)  // 40 letters
    static let cjk = "毎日の小さな積み重ねが大きな成果につながることを今日も証明しました本当に嬉しいですこれからも続けます毎日の小さな積み重ねが大きな成果につながることを今日も証明しました"

    static let texts: [(String, String, String)] = [
        ("200 characters", String(longHeadline), "en"),
        ("a 40-letter word", longWord, "en"),
        ("CJK without spaces", cjk, "ja"),
    ]

    static func spec(headline: String, language: String, size: CardSize) -> CardSpec {
        var spec = SampleSpecs.spec(.achievement, size: size, language: language)
        spec.fields = .achievement(
            .init(icon: "🏆", name: headline, description: headline, unlocked: "2026-11-25", rarity: "epic", level: 3)
        )
        return spec
    }

    @Test(arguments: [CardSize.story, .landscape, .square], [0, 1, 2])
    func textStaysInsideItsBox(size: CardSize, index: Int) throws {
        let (label, text, language) = Self.texts[index]
        let card = try CardRenderer().render(Self.spec(headline: text, language: language, size: size))
        for placed in card.texts {
            #expect(
                placed.box.contains(placed.ink, slack: 1),
                "\(label): \(placed.role) ink \(placed.ink) is outside \(placed.box)"
            )
        }
        let headline = try #require(card.texts.first { $0.role == "headline" })
        #expect(headline.size < 9 * Double(min(size.width, size.height)) / 100, "\(label): the headline did not shrink")
    }

    /// The pixels agree: the same card with its headline and detail laid out but not drawn (an
    /// empty text would get no room, and move the rest) differs from the long one only inside
    /// those two boxes.
    @Test(arguments: [CardSize.story, .landscape], [0, 1, 2])
    func noInkOutsideTheBox(size: CardSize, index: Int) throws {
        let (label, text, language) = Self.texts[index]
        let long = try CardRenderer().render(Self.spec(headline: text, language: language, size: size))
        let empty = try CardRenderer(hiddenTextRoles: ["headline", "detail"])
            .render(Self.spec(headline: text, language: language, size: size))
        let boxes = ["headline", "detail"].compactMap { long.regions[$0] }
        var outside = 0
        var inside = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let offset = (y * size.width + x) * 4
                guard long.image.pixels[offset..<offset + 4] != empty.image.pixels[offset..<offset + 4] else {
                    continue
                }
                let point = CardRect(x: Double(x), y: Double(y), width: 1, height: 1)
                // A pixel a box edge passes through counts as inside (edges fall between pixels).
                if boxes.contains(where: { $0.overlaps(point) }) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 1000, "\(label): no text was drawn")
        #expect(outside == 0, "\(label): \(outside) pixels changed outside the text boxes")
    }

    /// The 200-character headline in a small box is cut, at the smallest size only.
    @Test func ellipsizesOnlyAtTheMinimumSize() throws {
        let long = String(repeating: "Consistency is everything. ", count: 40)
        let card = try CardRenderer().render(Self.spec(headline: long, language: "en", size: .landscape))
        let headline = try #require(card.texts.first { $0.role == "headline" })
        #expect(headline.isEllipsized)
        let short = try CardRenderer().render(Self.spec(headline: "Night Owl", language: "en", size: .landscape))
        #expect(short.texts.first { $0.role == "headline" }?.isEllipsized == false)
    }
}

extension CardRect {
    /// True when the two rectangles share some area.
    func overlaps(_ other: CardRect) -> Bool {
        other.x < maxX && other.maxX > x && other.y < maxY && other.maxY > y
    }
}
