import TestSupport

@testable import TextFitting

/// A seeded generator of SMS-like messages whose lengths straddle the part boundaries: GSM
/// words, extension characters, CR LF, look-alikes, accented letters (precomposed and
/// decomposed), CJK, emoji with surrogate pairs, flags, ZWJ sequences, skin tones, and now and
/// then a lone escape or a backtick.
struct SMSTextGenerator {
    private var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static let gsmWords = ["run", "streak", "today", "7 days", "café", "Ørsted", "Δ", "@home", "$5", "¿qué?", "Å", "ß"]
    static let extensions = ["€", "[", "]", "{", "}", "\\", "~", "^", "|", "\u{0C}"]
    static let lookAlikes = ["’", "“", "”", "—", "–", "…", "\u{A0}", "\u{200B}", "«", "»", "\t", "！"]
    static let unicode = ["中", "文字", "é", "e\u{301}", "ç", "ñ", "n\u{303}", "Ā", "Привет", "שלום", "`"]
    static let emoji = ["🔥", "👍🏽", "🇯🇵", "🇫🇷", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "❤️", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏾\u{200D}💻"]

    mutating func below(_ bound: Int) -> Int { random.below(bound) }

    /// One message: mostly GSM-7, a third with some non-GSM piece, lengths up to about 480 units.
    mutating func message() -> String {
        let target = [10, 60, 70, 134, 140, 153, 160, 201, 306, 320, 459, 480][below(12)] + below(12) - 6
        let flavour = below(6)
        let escape = below(15) == 0
        var text = ""
        while text.utf16.count < max(0, target) {
            switch below(flavour == 0 ? 6 : 20) {
            case 0: text += random.pick(Self.emoji)
            case 1: text += escape ? "\u{1B}" : random.pick(Self.unicode)
            case 2: text += random.pick(Self.lookAlikes)
            case 3, 4: text += random.pick(Self.extensions)
            case 5: text += "\r\n"
            default: text += random.pick(Self.gsmWords) + " "
            }
            if flavour >= 3, below(4) > 0 {
                // Mostly plain GSM-7 for half the messages.
                text += String(repeating: "a", count: below(30))
            }
        }
        return text
    }

    /// Septets of a GSM-7 substring.
    static func septets(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { $0 + GSM7Alphabet.septets(for: $1) }
    }
}
