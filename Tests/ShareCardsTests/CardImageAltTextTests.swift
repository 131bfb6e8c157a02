import ShareCore
import Testing

@testable import ShareCards

/// The card a spec draws for the router carries its alt text: the one written from the spec, in
/// its language, unless the caller gives one.
struct CardImageAltTextTests {
    static let size = DestinationDescriptor.PixelSize(width: 400, height: 400)

    @Test(arguments: ["en", "es", "ar"])
    func theDrawnCardCarriesTheSpecsAltTextInItsLanguage(language: String) throws {
        let spec = SampleSpecs.spec(.streak, language: language)
        let card = try CardSpecImageSource(spec: spec).cardImage(size: Self.size)
        #expect(card.altText == spec.altText)
        #expect(card.altText?.isEmpty == false)
        #expect(card.altText != card.fileName)
    }

    @Test func theCardsAltTextIsInTheSpecsLanguage() throws {
        let spanish = try CardSpecImageSource(spec: SampleSpecs.spec(.streak, language: "es")).cardImage(
            size: Self.size
        )
        #expect(spanish.altText?.hasPrefix("Tarjeta de racha: ") == true, "\(spanish.altText ?? "nil")")
    }

    @Test func aGivenAltTextReplacesTheSpecs() throws {
        let spec = SampleSpecs.spec(.achievement)
        let source = CardSpecImageSource(spec: spec, altText: "An owl badge for a late workout")
        #expect(try source.cardImage(size: Self.size).altText == "An owl badge for a late workout")
    }

    @Test func theShareContentsCardCarriesTheGivenOrTheSpecsAltText() throws {
        let spec = SampleSpecs.spec(.progress)
        let plain = try #require(CardShareContent(spec: spec).cardImage)
        #expect(try plain.cardImage(size: Self.size).altText == spec.altText)
        let given = try #require(CardShareContent(spec: spec, cardAltText: "Progress: 18 of 30").cardImage)
        #expect(try given.cardImage(size: Self.size).altText == "Progress: 18 of 30")
    }
}
