import TestSupport

/// A seeded, deterministic generator of text mixing scripts, emoji, combining marks, RTL,
/// URLs, mentions and hashtags, for the property tests. (The benchmark's corpus comes from
/// `scripts/bench/text-corpus.py`, not from this.)
struct MixedTextGenerator {
    private var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { random.below(bound) }

    /// One of `items`.
    mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }

    static let latin = [
        "run", "streak", "today", "great", "workout", "seven", "days", "in", "a", "row", "café", "naïve",
    ]
    static let cjk = ["故人西辞", "黄鹤楼", "今日は", "走った", "연속", "기록", "マラソン"]
    static let emoji = ["👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "🇫🇷", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "❤️", "🔥", "🧑🏾‍💻", "😷"]
    static let combining = ["e\u{301}\u{323}", "a\u{308}", "n\u{303}", "ก\u{e34}\u{e48}"]
    static let rtl = ["שלום", "مرحبا", "פּ", "\u{202B}نص\u{202C}", "\u{2067}עברית\u{2069}"]
    static let urls = [
        "https://example.com/a/b?c=d", "http://t.co/abc123", "example.org/path", "https://bsky.app", "foo.co.jp",
    ]
    static let entities = ["#fitness", "#日本", "@runner_42", "@alice@mastodon.social", "#day7"]

    /// One piece of text of a random kind.
    mutating func piece() -> String {
        switch below(10) {
        case 0, 1, 2: return pick(Self.latin)
        case 3: return pick(Self.cjk)
        case 4: return pick(Self.emoji)
        case 5: return pick(Self.combining)
        case 6: return pick(Self.rtl)
        case 7: return pick(Self.urls)
        case 8: return pick(Self.entities)
        default: return String(repeating: pick(Self.latin), count: 1 + below(3))
        }
    }

    /// A text of `pieces` pieces, mostly separated by spaces.
    mutating func text(pieces: Int) -> String {
        var result = ""
        for index in 0..<pieces {
            if index > 0 { result += below(6) == 0 ? "" : (below(10) == 0 ? "\n" : " ") }
            result += piece()
        }
        return result
    }
}
