/// The font fallback chain for a language, named explicitly so fontconfig never guesses.
///
/// Noto Sans first (Latin, Greek, Cyrillic), then the CJK face for the language's region (so
/// 直 gets its Japanese or Chinese form), Arabic, Hebrew and the other Noto scripts fontconfig
/// finds by coverage. "Noto Color Emoji" is deliberately absent: named in the list, fontconfig
/// draws digits and '#' from it (in grey); left out, emoji still fall back to it in colour.
enum CardFonts {
    static func families(for language: String) -> String {
        let tag = language.lowercased()
        let primary = LanguageTag.primary(language)
        let cjk: String
        if tag.hasPrefix("zh-hant") || tag.hasPrefix("zh-tw") || tag.hasPrefix("zh-mo") {
            cjk = "Noto Sans CJK TC"
        } else if tag.hasPrefix("zh-hk") {
            cjk = "Noto Sans CJK HK"
        } else if primary == "zh" {
            cjk = "Noto Sans CJK SC"
        } else if primary == "ko" {
            cjk = "Noto Sans CJK KR"
        } else {
            cjk = "Noto Sans CJK JP"
        }
        let arabic = "Noto Sans Arabic, Noto Naskh Arabic"
        let latin = "Noto Sans"
        // Arabic first for Arabic cards so the digits and punctuation come from the Arabic face.
        if ["ar", "fa", "ur"].contains(primary) {
            return "\(arabic), \(latin), Noto Sans Hebrew, \(cjk), DejaVu Sans"
        }
        return "\(latin), \(cjk), \(arabic), Noto Sans Hebrew, DejaVu Sans"
    }
}
