import ShareCards

/// The card spec parser for the `card-spec` fuzz target (`Fuzz/`). ShareCards' API is `package`;
/// this is the one way in from outside the package, and it hands back plain values.
@_spi(Fuzzing)
public enum CardFuzzing {
    /// What the parser made of the bytes.
    public enum Outcome: Sendable, Hashable {
        /// A spec of this size whose share text was filled.
        case spec(width: Int, height: Int, shareText: String)
        /// A refusal: its message, and the JSON path of the value at fault when there is one.
        case refused(message: String, path: String?)
    }

    /// The sides a card may have, in pixels.
    public static var sides: ClosedRange<Int> { CardSize.sides }

    /// Parses `bytes` as a card spec and, when it is one, fills its share text.
    public static func parse(_ bytes: [UInt8]) -> Outcome {
        do throws(CardError) {
            let spec = try CardSpecParser.parse(bytes)
            return .spec(
                width: spec.size.width,
                height: spec.size.height,
                shareText: ShareTextTemplates.text(for: spec)
            )
        } catch {
            return .refused(message: error.message, path: error.path)
        }
    }
}
