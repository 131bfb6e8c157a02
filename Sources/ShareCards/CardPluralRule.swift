/// CLDR cardinal plural categories for whole numbers, for the catalogues' languages
/// (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html).
enum CardPluralRule {
    /// The category of `count` in `language` (a primary subtag): `zero`, `one`, `two`, `few`,
    /// `many` or `other`. Languages without rules here get English's.
    static func category(of count: Int, language: String) -> String {
        let n = count.magnitude
        let tens = n % 10
        let hundreds = n % 100
        switch language {
        case "ja", "zh", "ko":
            return "other"
        case "ar":
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            if (3...10).contains(hundreds) { return "few" }
            if (11...99).contains(hundreds) { return "many" }
            return "other"
        case "he", "iw":
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            return "other"
        case "ru":
            if tens == 1 && hundreds != 11 { return "one" }
            if (2...4).contains(tens) && !(12...14).contains(hundreds) { return "few" }
            return "many"
        case "fr", "pt":
            // i = 0,1 is one; a whole multiple of a million is many ("1 million de jours").
            if n <= 1 { return "one" }
            return n % 1_000_000 == 0 ? "many" : "other"
        case "es", "it":
            if n == 1 { return "one" }
            return n % 1_000_000 == 0 ? "many" : "other"
        case "hi":
            return n <= 1 ? "one" : "other"
        default:
            // en, de, tr and others: one for 1.
            return n == 1 ? "one" : "other"
        }
    }
}
