import Foundation
import ImagePipeline
import ShareCards
import TestSupport
import Testing

/// Every kind in three themes at story and landscape size, against PNGs in `Golden/`.
///
/// The goldens are stored at half size (2x2 pixel averages), which keeps the folder small and
/// still shows any moved, missing or restyled part. Regenerate them after an intended change with
/// `SHAREVIA_UPDATE_GOLDEN=1 swift test --skip-build --filter GoldenImageTests`, look at them, and
/// commit them.
///
/// Why a tolerance: the pixels of antialiased text and curves depend on the versions of FreeType,
/// HarfBuzz, Cairo and pixman (a point release can move glyph edges by a fraction of a pixel, and
/// the emoji bitmap's scaling filter changes a few levels), not only on sharevia. A pixel counts
/// as different when a channel moves by more than 40 levels, and up to 0.5% of pixels may differ:
/// edge noise passes, while a shifted line of text (thousands of pixels), a wrong colour or a
/// missing part does not.
struct GoldenImageTests {
    static let themes: [CardTheme] = [.dark, .light, .ocean]
    static let tolerance = 40
    static let allowedShare = 0.005

    static var cases: [(CardKind, String, String)] {
        CardKind.allCases.flatMap { kind in
            themes.flatMap { theme in ["story", "landscape"].map { (kind, theme.name, $0) } }
        }
    }

    static var folder: String { PackageRoot.path + "/Tests/ShareCardsTests/Golden" }

    /// `spec` rendered, then scaled to half size as the goldens are stored.
    static func halfSizeRender(_ spec: CardSpec) throws -> (pixels: [UInt8], width: Int, height: Int) {
        let card = try CardRenderer().render(spec)
        return PixelComparison.downscale(card.image.pixels, width: card.image.width, height: card.image.height, by: 2)
    }

    @Test(arguments: cases)
    func matchesItsGolden(kind: CardKind, theme: String, size: String) throws {
        let spec = SampleSpecs.spec(kind, theme: CardTheme.named(theme)!, size: try CardSize(parsing: size))
        let small = try Self.halfSizeRender(spec)
        let path = "\(Self.folder)/\(kind.rawValue)-\(theme)-\(size).png"
        if ProcessInfo.processInfo.environment["SHAREVIA_UPDATE_GOLDEN"] == "1" {
            let image = try RGBAImage(width: small.width, height: small.height, pixels: small.pixels)
            let bytes = try PNGEncoder(options: .smallest).encode(image)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return
        }
        let golden = try PNGDecoder().decode(path: path)
        // Required, not expected: comparing images of different sizes stops the test process.
        try #require(
            golden.width == small.width && golden.height == small.height,
            "\(path) is \(golden.width)x\(golden.height), the render \(small.width)x\(small.height); regenerate with SHAREVIA_UPDATE_GOLDEN=1"
        )
        let comparison = PixelComparison(small.pixels, golden.pixels, tolerance: Self.tolerance)
        #expect(
            comparison.differingShare <= Self.allowedShare,
            "\(path): \(comparison); regenerate with SHAREVIA_UPDATE_GOLDEN=1 if the change is intended"
        )
    }

    /// The comparison can fail: a card in another theme is far from this golden.
    @Test func aDifferentCardFailsTheComparison() throws {
        let small = try Self.halfSizeRender(SampleSpecs.spec(.streak, theme: .forest))
        let golden = try PNGDecoder().decode(path: "\(Self.folder)/streak-dark-story.png")
        let comparison = PixelComparison(small.pixels, golden.pixels, tolerance: Self.tolerance)
        #expect(comparison.differingShare > 0.5)
    }
}
