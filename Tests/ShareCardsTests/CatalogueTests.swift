import Foundation
import ShareCards
import TestSupport
import Testing

/// The catalogues: every language has every English entry with the same placeholders, plural
/// forms follow CLDR, numbers and dates are written the language's way.
struct CatalogueTests {
    static let english = CardCatalogue.forLanguage("en")

    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test(arguments: CardCatalogue.languages)
    func everyCatalogueHasEveryEntryWithItsPlaceholders(language: String) throws {
        let bytes = try #require(CatalogueTestFiles.bytes(language))
        let own = try CardCatalogueParser.parse(bytes, name: "\(language).txt")
        for (key, forms) in Self.english.entries {
            let translated = try #require(own[key], "\(language).txt lacks '\(key)'")
            let expected = forms.values.reduce(into: Set<String>()) { $0.formUnion(Self.placeholders($1)) }
            if key == "date" {
                // A date may name its month or number it.
                let allowed: Set = ["day", "month", "month-number", "year"]
                #expect(Self.placeholders(translated[""] ?? "").isSubset(of: allowed), "\(language).txt: date")
            } else if forms[""] != nil {
                #expect(translated[""] != nil, "\(language).txt: '\(key)' takes no plural forms")
                #expect(Self.placeholders(translated[""] ?? "") == expected, "\(language).txt: '\(key)' placeholders")
            } else {
                #expect(translated["other"] != nil, "\(language).txt: '\(key)' needs an [other] form")
                for (category, text) in translated {
                    #expect(Self.placeholders(text).isSubset(of: expected), "\(language).txt: \(key)[\(category)]")
                }
                // Only one, two and zero may leave out the number ("يوم واحد", "יומיים").
                for category in ["few", "many", "other"] {
                    if let text = translated[category] {
                        #expect(Self.placeholders(text) == expected, "\(language).txt: \(key)[\(category)]")
                    }
                }
            }
        }
        for key in own.keys {
            #expect(Self.english.entries[key] != nil, "\(language).txt: '\(key)' is not an English key")
        }
        #expect(CardCatalogue.forLanguage(language).language == language)
    }

    @Test(arguments: [
        (
            "ru",
            [
                1: "1 день подряд", 2: "2 дня подряд", 5: "5 дней подряд", 11: "11 дней подряд", 21: "21 день подряд",
                22: "22 дня подряд", 112: "112 дней подряд",
            ]
        ),
        (
            "ar",
            [
                0: "٠ يوم متتالٍ", 1: "يوم واحد متتالٍ", 2: "يومان متتاليان", 3: "٣ أيام متتالية",
                11: "١١ يومًا متتاليًا", 100: "١٠٠ يوم متتالٍ", 103: "١٠٣ أيام متتالية",
            ]
        ),
        (
            "fr",
            [
                0: "0 jour d’affilée", 1: "1 jour d’affilée", 2: "2 jours d’affilée",
                1_000_000: "1\u{202F}000\u{202F}000 de jours d’affilée",
            ]
        ),
        ("en", [1: "1 day streak", 30: "30 day streak"]),
        ("ja", [1: "1日連続", 30: "30日連続"]),
    ])
    func pluralsFollowCLDR(language: String, headlines: [Int: String]) {
        let catalogue = CardCatalogue.forLanguage(language)
        for (count, expected) in headlines {
            #expect(catalogue.text("streak-headline", count: count) == expected, "\(language) \(count)")
        }
    }

    @Test(arguments: [
        ("fr", 123_456, "123\u{202F}456"), ("ru", 123_456, "123\u{00A0}456"), ("ar", 123_456, "١٢٣٬٤٥٦"),
        ("ar", 123, "١٢٣"), ("hi", 1_234_567, "12,34,567"), ("es", 4200, "4200"), ("es", 12_345, "12.345"),
        ("de", 4200, "4.200"), ("en", 4200, "4,200"), ("ja", 4200, "4,200"), ("tr", -1500, "-1.500"),
    ])
    func numbersAreWrittenTheLanguagesWay(language: String, value: Int, expected: String) {
        #expect(CardCatalogue.forLanguage(language).numbers.integer(value) == expected)
    }

    @Test func decimalsAndPercents() {
        #expect(CardCatalogue.forLanguage("de").numbers.plain(142.5) == "142,5")
        #expect(CardCatalogue.forLanguage("ar").numbers.plain(142.5) == "١٤٢٫٥")
        #expect(CardCatalogue.forLanguage("tr").numbers.percent(0.6) == "%60")
        #expect(CardCatalogue.forLanguage("fr").numbers.percent(0.6) == "60\u{202F}%")
        #expect(CardCatalogue.forLanguage("en").numbers.percent(0.6) == "60%")
    }

    @Test(arguments: [
        ("ja", "2026年11月25日"), ("zh-Hans", "2026年11月25日"), ("ko", "2026년 11월 25일"), ("en", "Nov 25, 2026"),
        ("de", "25. November 2026"), ("fr", "25 novembre 2026"), ("ru", "25 ноября 2026 г."), ("ar", "٢٥ نوفمبر ٢٠٢٦"),
    ])
    func datesAreWrittenTheLanguagesWay(language: String, expected: String) {
        #expect(CardCatalogue.forLanguage(language).date("2026-11-25") == expected)
    }

    @Test func aDateNotWrittenYearMonthDayIsKept() {
        let catalogue = CardCatalogue.forLanguage("ja")
        for text in ["25/11/2026", "2026-13-01", "yesterday", "2026-1-5"] { #expect(catalogue.date(text) == text) }
    }

    @Test func aTagFindsItsLanguage() {
        #expect(CardCatalogue.forLanguage("zh-Hant-TW").language == "zh-Hans")
        #expect(CardCatalogue.forLanguage("pt-BR").language == "pt")
        #expect(CardCatalogue.forLanguage("iw").language == "he")
        #expect(CardCatalogue.forLanguage("sw").language == "en")
    }
}

/// The shipped catalogue files, read from the source tree.
enum CatalogueTestFiles {
    static func bytes(_ language: String) -> [UInt8]? {
        let path = PackageRoot.path + "/Sources/ShareCards/Catalogues/\(language).txt"
        return (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) }
    }
}
