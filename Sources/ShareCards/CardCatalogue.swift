/// The words and formats of one language for cards: labels, share-text templates, plural forms,
/// numbers and dates, read from `Catalogues/<language>.txt` (format: ``CardCatalogueParser``).
///
/// English is complete and is where any other catalogue's missing entry comes from; the tests
/// check that every catalogue has every English key with the same placeholders.
package struct CardCatalogue: Sendable {
    /// The catalogue's language: `en`, `ja`, `zh-Hans`...
    package var language: String
    /// Each key's text by plural category (`""` for a text without one).
    package var entries: [String: [String: String]]
    /// How numbers are written.
    package var numbers: CardNumberStyle

    /// The languages with a catalogue.
    package static let languages = [
        "en", "es", "fr", "de", "pt", "it", "ja", "zh-Hans", "ko", "ar", "he", "hi", "ru", "tr",
    ]

    /// The catalogue for a BCP 47 tag: its primary language's (`zh` for any Chinese, `iw` read as
    /// `he`), else English.
    package static func forLanguage(_ tag: String) -> CardCatalogue {
        let primary = LanguageTag.primary(tag)
        let name =
            switch primary {
            case "zh": "zh-Hans"
            case "iw": "he"
            default: primary
            }
        return shipped[name] ?? shipped["en"]!
    }

    /// Every shipped catalogue, read once at the first card. A shipped catalogue that doesn't
    /// parse is a build mistake the tests catch; at run time it falls back to English.
    static let shipped: [String: CardCatalogue] = {
        let english = (try? CardCatalogue(bytes: CatalogueFiles.bytes("en"), language: "en", fallback: nil))!
        var all = ["en": english]
        for language in languages where language != "en" {
            all[language] = try? CardCatalogue(
                bytes: CatalogueFiles.bytes(language),
                language: language,
                fallback: english
            )
        }
        return all
    }()

    /// A catalogue read from a file's bytes; `fallback` supplies missing entries.
    ///
    /// - Throws: ``CardError`` from the parser, or for a number format it can't use.
    package init(bytes: [UInt8], language: String, fallback: CardCatalogue?) throws(CardError) {
        self.language = language
        var entries = try CardCatalogueParser.parse(bytes, name: "\(language).txt")
        for (key, forms) in fallback?.entries ?? [:] where entries[key] == nil { entries[key] = forms }
        self.entries = entries
        numbers = try CardNumberStyle(
            digits: entries["number.digits"]?[""] ?? "0123456789",
            group: entries["number.group"]?[""] ?? ",",
            decimal: entries["number.decimal"]?[""] ?? ".",
            grouping: entries["number.grouping"]?[""] ?? "3",
            minimumGrouping: entries["number.minimum-grouping"]?[""] ?? "1",
            percent: entries["percent"]?[""] ?? "{n}%",
            file: "\(language).txt"
        )
    }

    /// The text of `key` (its `other` form for a plural key), or the key itself if no catalogue has it.
    package func text(_ key: String) -> String {
        guard let forms = entries[key] else { return key }
        return forms[""] ?? forms["other"] ?? forms.values.first ?? key
    }

    /// The form of `key` for `count` by the language's plural rules, with `{count}` filled in
    /// as this language writes numbers.
    package func text(_ key: String, count: Int) -> String {
        guard let forms = entries[key] else { return key }
        let category = CardPluralRule.category(of: count, language: LanguageTag.primary(language))
        let form = forms[category] ?? forms["other"] ?? forms[""] ?? key
        return form.replacingAll("{count}", with: numbers.integer(count))
    }

    /// `template` with each `{name}` replaced by its value.
    package static func fill(_ template: String, _ values: [(String, String)]) -> String {
        values.reduce(template) { $0.replacingAll("{\($1.0)}", with: $1.1) }
    }

    /// A date written `2026-11-25` in the language's form (`25 novembre 2026`, `2026年11月25日`);
    /// anything else as written.
    package func date(_ text: String) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return text }
        let months = self.text("months").split(separator: "|").map(String.init)
        let name = months.count == 12 ? months[month - 1] : String(month)
        return Self.fill(
            self.text("date"),
            [
                ("year", numbers.digits(String(year))), ("month-number", numbers.digits(String(month))),
                ("month", name), ("day", numbers.digits(String(day))),
            ]
        )
    }
}
