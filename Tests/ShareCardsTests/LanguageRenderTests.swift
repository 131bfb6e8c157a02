import ShareCards
import Testing

/// Every kind, public and private, rendered in each catalogue's language: no English label is
/// drawn (checked on the text layer, the strings collected while drawing), and the share text
/// and alt text have no English words of their own, unless the language writes that word the
/// same way ("Total").
struct LanguageRenderTests {
    static let english = CardCatalogue.forLanguage("en")

    /// Lower-case words of `text` (letters only).
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    /// The English texts of `keys` that `language` writes differently, as runs of words between
    /// placeholders, keeping only runs with a word the language's catalogue never uses (German
    /// says "Level" and "in" too).
    static func englishFragments(_ keys: [String], language: String) -> [[String]] {
        // The file as the translator wrote it, without the English entries it falls back on.
        let file = CatalogueTestFiles.bytes(language).flatMap { try? CardCatalogueParser.parse($0, name: language) }
        let own = file ?? [:]
        let ownWords = Set(own.values.flatMap { $0.values.flatMap { words(withoutPlaceholders($0)) } })
        var fragments: [[String]] = []
        for key in keys {
            let theirs = Set((own[key] ?? [:]).values)
            for text in english.entries[key]!.values where !theirs.contains(text) {
                for piece in text.split(separator: "{").map({ $0.split(separator: "}").last ?? "" }) {
                    let words = words(String(piece))
                    if !words.isEmpty && !words.allSatisfy(ownWords.contains) { fragments.append(words) }
                }
            }
        }
        return fragments
    }

    /// `text` without its `{placeholders}`, whose names are not words of the language.
    static func withoutPlaceholders(_ text: String) -> String {
        text.split(separator: "{", omittingEmptySubsequences: false).enumerated()
            .map {
                $0.offset == 0
                    ? String($0.element)
                    : String($0.element.split(separator: "}", omittingEmptySubsequences: false).dropFirst().joined())
            }
            .joined(separator: " ")
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    static let labelKeys = english.entries.keys.filter {
        !$0.hasPrefix("share.") && !$0.hasPrefix("private.") && !$0.hasPrefix("number.") && $0 != "percent"
            && $0 != "date" && $0 != "months"
    }.sorted()
    static let templateKeys = english.entries.keys.filter { $0.hasPrefix("share.") || $0.hasPrefix("private.") }
        .sorted()
    static let altKeys = english.entries.keys.filter { $0.hasPrefix("alt.") && $0 != "alt.lowercase-labels" }.sorted()

    /// The sample's own words: user text, which stays as the user wrote it.
    static let userWords: Set<String> = {
        var words: Set<String> = []
        for kind in CardKind.allCases {
            let spec = SampleSpecs.spec(kind)
            switch spec.fields {
            case .achievement(let a): words.formUnion(Self.words(a.name + " " + a.description + " " + (a.rarity ?? "")))
            case .levelUp(let l): words.formUnion(Self.words(l.unlocks.joined(separator: " ")))
            case .statistics(let s):
                words.formUnion(Self.words(s.period + " " + s.items.map(\.name).joined(separator: " ")))
                words.formUnion(Self.words(s.chartLabels.joined(separator: " ")))
            case .personalRecord(let p): words.formUnion(Self.words(p.activity + " " + p.unit))
            case .progress(let p):
                words.formUnion(Self.words((p.title ?? "") + " " + p.unit))
                words.formUnion(Self.words(p.stats.map(\.label).joined(separator: " ")))
            case .challenge(let c): words.formUnion(Self.words(c.name))
            case .trip(let t): words.formUnion(Self.words(t.name + " " + t.stops.map(\.name).joined(separator: " ")))
            case .streak: break
            }
        }
        return words.union(Self.words(SampleSpecs.branding.appName + " " + (SampleSpecs.branding.tagline ?? "")))
    }()

    @Test(arguments: CardCatalogue.languages.filter { $0 != "en" })
    func noEnglishLabelIsDrawn(language: String) throws {
        let labels = Self.englishFragments(Self.labelKeys, language: language)
            .filter { !$0.allSatisfy(Self.userWords.contains) }
        let templates = Self.englishFragments(Self.templateKeys, language: language)
            .filter { !$0.allSatisfy(Self.userWords.contains) }
        let altWords =
            labels
            + Self.englishFragments(Self.altKeys, language: language)
            .filter { !$0.allSatisfy(Self.userWords.contains) }
        #expect(!labels.isEmpty && !templates.isEmpty)
        var drawn = 0
        for kind in CardKind.allCases {
            for isPrivate in [false, true] {
                var spec = SampleSpecs.spec(kind, language: language)
                spec.isPrivate = isPrivate
                let card = try CardRenderer().render(spec)
                for placed in card.texts {
                    let words = Self.words(placed.text)
                    drawn += 1
                    for fragment in labels where Self.contains(words, fragment) {
                        Issue.record(
                            "\(language) \(kind)\(isPrivate ? " private" : ""): \(placed.role) '\(placed.text)' has English '\(fragment.joined(separator: " "))'"
                        )
                    }
                }
                let alt = Self.words(spec.altText)
                for fragment in altWords where Self.contains(alt, fragment) {
                    Issue.record("\(language) \(kind): the alt text has English '\(fragment.joined(separator: " "))'")
                }
                let share = Self.words(ShareTextTemplates.text(for: spec))
                for fragment in templates where Self.contains(share, fragment) {
                    Issue.record("\(language) \(kind): the share text has English '\(fragment.joined(separator: " "))'")
                }
            }
        }
        #expect(drawn > 50)
    }

    /// The check sees English: an English card of the same kinds has the labels it looks for.
    @Test func theCheckSeesEnglishLabels() throws {
        let labels = Self.englishFragments(Self.labelKeys, language: "ja")
        let card = try CardRenderer().render(SampleSpecs.spec(.achievement, language: "en"))
        let found = card.texts.filter { placed in labels.contains { Self.contains(Self.words(placed.text), $0) } }
        #expect(found.map(\.role).contains("badge"), "\(found.map(\.text))")
    }

    /// Arabic cards write their numbers in Arabic-Indic digits.
    @Test func arabicNumbersUseArabicDigits() throws {
        let card = try CardRenderer().render(SampleSpecs.spec(.levelUp, language: "ar"))
        let values = card.texts.filter { $0.role == "stat-value" || $0.role == "hero" }.map(\.text)
        #expect(values.contains("١٢") && values.contains("٤٬٢٠٠"), "\(values)")
        #expect(!values.joined().contains { $0.isASCII && $0.isNumber })
    }
}
