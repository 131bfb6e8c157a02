/// Reading BCP 47 language tags such as `ar-EG` or `zh-Hant-TW`.
enum LanguageTag {
    /// The primary language subtag, lowercased: `ar` for `ar-EG`, `zh` for `zh-Hant-TW`.
    static func primary(_ tag: String) -> String {
        tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
    }
}
