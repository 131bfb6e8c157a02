import ShareCards
import Testing

/// The catalogue format's rules, each broken once: the error names the file, the line and the fix.
struct CatalogueParserTests {
    static func parse(_ text: String) throws -> [String: [String: String]] {
        try CardCatalogueParser.parse(Array(text.utf8), name: "xx.txt")
    }

    @Test func commentsBlankLinesFormsAndEscapes() throws {
        let entries = try Self.parse(
            "# a comment\n\n  total = Gesamt  \r\nday[one] = {count} Tag\nday[other] = {count} Tage\ngroup = \\u{202F}\nslash = a\\\\b = c\n"
        )
        #expect(entries["total"]?[""] == "Gesamt")
        #expect(entries["day"] == ["one": "{count} Tag", "other": "{count} Tage"])
        #expect(entries["group"]?[""] == "\u{202F}")
        #expect(entries["slash"]?[""] == "a\\b = c")
    }

    @Test(arguments: [
        ("total Gesamt", "xx.txt line 1 has no '='"),
        ("Total = x", "xx.txt line 1: 'Total' is not a key"),
        ("a b = x", "'a b' is not a key"),
        ("day[several] = x", "xx.txt line 1: '[several]' is not a plural category"),
        ("total = ", "xx.txt line 1: 'total' has no text after '='"),
        ("total = a\ntotal = b", "xx.txt line 2: 'total' is given twice"),
        ("day[one] = a\nday[one] = b", "'day[one]' is given twice"),
        ("x = \\q", "xx.txt line 1: a backslash starts \\u{XXXX}"),
        ("x = \\u{110000}", "is not a Unicode character code"),
        ("x = \\u{zz}", "is not a Unicode character code"),
    ])
    func aBrokenRuleIsNamed(text: String, message: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            (error as? CardError)?.message.contains(message) == true
        }
    }

    @Test func capsAreCheckedWithClearErrors() {
        let tooLarge = [UInt8](repeating: 0x23, count: CardCatalogueParser.maximumBytes + 1)
        #expect(throws: CardError.self) { try CardCatalogueParser.parse(tooLarge, name: "big.txt") }
        let many = (0...CardCatalogueParser.maximumEntries).map { "k\($0) = v" }.joined(separator: "\n")
        #expect {
            _ = try Self.parse(many)
        } throws: { error in
            (error as? CardError)?.message.contains("at most \(CardCatalogueParser.maximumEntries) entries") == true
        }
        let long = "k = " + String(repeating: "a", count: CardCatalogueParser.maximumTextLength + 1)
        #expect(throws: CardError.self) { try Self.parse(long) }
        #expect(throws: CardError.self) { try CardCatalogueParser.parse([0xFF, 0xFE], name: "bad.txt") }
    }
}
