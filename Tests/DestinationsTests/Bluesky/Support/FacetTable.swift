@testable import Destinations

/// Texts built from pieces whose facets are known, so each expected byte range is the UTF-8
/// size of what comes before it: emoji, ZWJ sequences, flags, CJK, right-to-left text and
/// combining marks, each followed by a link (and by tags and mentions).
struct FacetCase: Sendable, CustomStringConvertible {
    enum Piece: Sendable {
        case plain(String)
        case link(String, uri: String)
        case tag(String, tag: String)
        case mention(String, handle: String)
    }

    var pieces: [Piece]

    init(_ pieces: Piece...) { self.pieces = pieces }

    var text: String {
        pieces.map {
            switch $0 {
            case .plain(let text), .link(let text, _), .tag(let text, _), .mention(let text, _): text
            }
        }.joined()
    }

    /// The facets the pieces say, with byte ranges counted from the pieces before them;
    /// mentions resolve to `did:plc:` and the handle's first label.
    var expectedFacets: [BlueskyFacet] {
        var offset = 0
        var facets: [BlueskyFacet] = []
        for piece in pieces {
            switch piece {
            case .plain(let text): offset += text.utf8.count
            case .link(let text, let uri):
                facets.append(BlueskyFacet(bytes: offset..<offset + text.utf8.count, feature: .link(uri: uri)))
                offset += text.utf8.count
            case .tag(let text, let tag):
                facets.append(BlueskyFacet(bytes: offset..<offset + text.utf8.count, feature: .tag(tag)))
                offset += text.utf8.count
            case .mention(let text, let handle):
                facets.append(
                    BlueskyFacet(bytes: offset..<offset + text.utf8.count, feature: .mention(did: Self.did(handle)))
                )
                offset += text.utf8.count
            }
        }
        return facets
    }

    /// The DID the test resolver gives `handle`.
    static func did(_ handle: String) -> String {
        "did:plc:" + String(handle.lowercased().split(separator: ".")[0]).filter { $0.isLetter || $0.isNumber }
    }

    var description: String { text.debugDescription }

    static let link = "https://example.com/a?b=c"

    static let table: [FacetCase] = [
        // Each script or sequence, then a link.
        FacetCase(.plain("🔥 "), .link(link, uri: link)),
        FacetCase(.plain("👨‍👩‍👧‍👦 family "), .link(link, uri: link)),
        FacetCase(.plain("🧑🏾‍💻 "), .link(link, uri: link)),
        FacetCase(.plain("🇯🇵🇫🇷 "), .link(link, uri: link)),
        FacetCase(.plain("🏴󠁧󠁢󠁳󠁣󠁴󠁿 1️⃣ ❤️ "), .link(link, uri: link)),
        FacetCase(.plain("👍🏽 "), .link(link, uri: link), .plain(" 👍🏽")),
        FacetCase(.plain("今日は走った "), .link(link, uri: link)),
        FacetCase(.plain("黄鹤楼。연속 기록 "), .link(link, uri: link)),
        FacetCase(.plain("مرحبا بالعالم "), .link(link, uri: link)),
        FacetCase(.plain("שלום "), .link(link, uri: link)),
        FacetCase(.plain("\u{202B}نص\u{202C} "), .link(link, uri: link)),
        FacetCase(.plain("e\u{301}\u{323} "), .link(link, uri: link)),
        FacetCase(.plain("ก\u{e34}\u{e48} a\u{308} "), .link(link, uri: link)),
        FacetCase(.plain("Zalgo z\u{351}\u{35b}\u{34a} "), .link(link, uri: link)),
        // Tags and mentions after the same.
        FacetCase(.plain("🔥 "), .tag("#streak", tag: "streak"), .plain(" 👨‍👩‍👧‍👦 "), .tag("#日本", tag: "日本")),
        FacetCase(.plain("مرحبا "), .tag("#يوم", tag: "يوم"), .plain(" "), .link(link, uri: link)),
        FacetCase(
            .plain("👩‍💻 "),
            .mention("@alice.bsky.social", handle: "alice.bsky.social"),
            .plain(" "),
            .link(link, uri: link)
        ),
        FacetCase(.plain("e\u{301} "), .mention("@bob.test", handle: "bob.test"), .plain(", 今日は")),
        FacetCase(.plain("今日は "), .tag("＃マラソン", tag: "マラソン"), .plain(" ")),
        FacetCase(.tag("#café", tag: "café"), .plain(" "), .tag("#day7", tag: "day7"), .plain("! #123 #")),
        FacetCase(
            .plain("cash "),
            .tag("$AAPL", tag: "$AAPL"),
            .plain(", "),
            .tag("$tsla", tag: "$TSLA"),
            .plain(" $TOOLONG")
        ),
        // Links: bare domains, trailing punctuation, parentheses, the start of a line.
        FacetCase(.plain("see "), .link("example.org/path", uri: "https://example.org/path"), .plain(".")),
        FacetCase(.plain("at "), .link("https://example.com/a", uri: "https://example.com/a"), .plain(". Next")),
        FacetCase(.plain("("), .link("https://example.com/x", uri: "https://example.com/x"), .plain(") 🔥")),
        FacetCase(
            .plain("wiki "),
            .link("https://en.wikipedia.org/wiki/Foo_(bar)", uri: "https://en.wikipedia.org/wiki/Foo_(bar)")
        ),
        FacetCase(.plain("line\n"), .link("bsky.app", uri: "https://bsky.app"), .plain("\n🇯🇵")),
        FacetCase(.link("https://例え.jp/パス", uri: "https://例え.jp/パス"), .plain(" 例え")),
        // Not facets: no white space before, an unknown TLD, a handle that is not one.
        FacetCase(.plain("今日はhttps://example.com x#tag a@b.com example.notatld @nobody @-bad-.com")),
    ]
}

/// A resolver for the table: every handle but `nobody.*` resolves, and each call is counted.
actor CountingResolver: BlueskyHandleResolving {
    private(set) var calls: [String] = []
    func did(forHandle handle: String) async throws -> String? {
        calls.append(handle)
        return handle.hasPrefix("nobody") ? nil : FacetCase.did(handle)
    }
}
