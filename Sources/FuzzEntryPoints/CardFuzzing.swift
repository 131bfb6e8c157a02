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

    /// What the catalogue parser made of the bytes: the number of entries and, for each text, its
    /// length in characters; or a refusal's message.
    public enum CatalogueOutcome: Sendable, Hashable {
        /// The entries read, by key and plural form.
        case entries([String: [String: String]])
        /// A refusal's message.
        case refused(message: String)
    }

    /// The caps a catalogue is read within: bytes, entries, characters a text.
    public static var catalogueLimits: (bytes: Int, entries: Int, textLength: Int) {
        (CardCatalogueParser.maximumBytes, CardCatalogueParser.maximumEntries, CardCatalogueParser.maximumTextLength)
    }

    /// Parses `bytes` as a card catalogue (`Sources/ShareCards/Catalogues/*.txt`).
    public static func parseCatalogue(_ bytes: [UInt8]) -> CatalogueOutcome {
        do throws(CardError) {
            return .entries(try CardCatalogueParser.parse(bytes, name: "fuzz.txt"))
        } catch {
            return .refused(message: error.message)
        }
    }

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
