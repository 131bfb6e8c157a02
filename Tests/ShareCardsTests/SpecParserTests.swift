import Foundation
import ShareCards
import TestSupport
import Testing

/// Bad specs give an error with the JSON path and what to do; good ones parse.
struct SpecParserTests {
    static func parse(_ json: String) throws(CardError) -> CardSpec {
        try CardSpecParser.parse(Array(json.utf8))
    }

    static let valid = #"{"kind":"streak","app":{"name":"Habitual"},"fields":{"days":30}}"#

    @Test func aMinimalSpecParses() throws {
        let spec = try Self.parse(Self.valid)
        #expect(spec.kind == .streak)
        #expect(spec.size == .story)
        #expect(spec.theme == .dark)
    }

    @Test(arguments: [
        ("{\"kind\": ", "invalid-json", "not valid JSON"),
        (#"{"kind":"quest","app":{"name":"A"},"fields":{}}"#, "invalid-spec", "$.kind 'quest' is not a card kind"),
        (#"{"kind":"streak","app":{"name":"A"},"fields":{}}"#, "invalid-spec", "$.fields.days is missing"),
        (
            #"{"kind":"streak","app":{"name":"A"},"fields":{"days":"30"}}"#, "invalid-spec",
            "$.fields.days must be a whole number, not a string"
        ),
        (
            #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30},"theme":{"accent":"orange"}}"#, "invalid-spec",
            "$.theme.accent 'orange' is not a colour"
        ),
        (
            #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30},"size":"99999x99999"}"#, "invalid-spec",
            "$.size: size 99999x99999 is outside"
        ),
        (
            #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30,"dayz":1}}"#, "invalid-spec",
            "$.fields.dayz is not a field here"
        ),
        (#"{"kind":"streak","fields":{"days":30}}"#, "invalid-spec", "$.app is missing"),
        (
            #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30},"theme":"neon"}"#, "invalid-spec",
            "$.theme 'neon' is not a theme"
        ),
        (
            #"{"kind":"statistics","app":{"name":"A"},"fields":{"period":"May","items":[{"name":"Run","count":-1}]}}"#,
            "invalid-spec", "$.fields.items[0].count must not be negative"
        ),
        (#"[1, 2]"#, "invalid-spec", "$ must be an object"),
        (
            ##"{"kind":"streak","app":{"name":"A"},"fields":{"days":30},"theme":{"top":"#1A1A2E80"}}"##, "invalid-spec",
            "$.theme.top '#1A1A2E80' is see-through, but nothing lies behind a card; write it as #RRGGBB"
        ),
        (
            #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30},"theme":{"base":"neon"}}"#, "invalid-spec",
            "$.theme.base 'neon' is not a theme; use one of: dark,"
        ),
        (
            #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30},"hashtags":["\#(String(repeating: "a", count: 1001))"]}"#,
            "invalid-spec", "$.hashtags[0] has 1001 characters; shorten it to at most 1000"
        ),
        (
            // Found by the card-spec fuzz target: it stopped the process when the number was drawn.
            #"{"kind":"progress","app":{"name":"A"},"fields":{"current":3e102,"target":7}}"#, "invalid-spec",
            "$.fields.current is 3e+102, too large for a card; give a number between -10^12 and 10^12"
        ),
        (
            #"{"kind":"streak","app":{"name":"A"},"fields":{"days":1e13}}"#, "invalid-spec",
            "$.fields.days is 10000000000000.0, too large for a card"
        ),
        (
            #"{"kind":"personal-record","app":{"name":"A"},"fields":{"activity":"Lift","record":-2e12}}"#,
            "invalid-spec", "$.fields.record is -2000000000000.0, too large for a card"
        ),
        (
            #"{"kind":"statistics","app":{"name":"A"},"fields":{"period":"May","items":[{"name":"Run","count":1}],"chart":[1,1e12]}}"#,
            "invalid-spec", "$.fields.chart[1] must be a number from 0 to below 10^12"
        ),
        (
            #"{"kind":"statistics","app":{"name":"A"},"fields":{"period":"May","items":[{"name":"Run","count":1}],"chart":[1,2],"chartLabels":["Mon"]}}"#,
            "invalid-spec", "$.fields.chartLabels has 1 names for 2 chart values; give one name a bar"
        ),
    ])
    func badSpecsSayWhereAndWhat(json: String, code: String, message: String) {
        #expect {
            _ = try Self.parse(json)
        } throws: { error in
            guard let error = error as? CardError else { return false }
            return "\(error.code)" == code && error.message.contains(message)
        }
    }

    @Test func everyExampleSpecParses() throws {
        let folder = PackageRoot.path + "/examples/cards"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 7)
        for name in names {
            let bytes = try #require(FileManager.default.contents(atPath: "\(folder)/\(name)"))
            _ = try CardSpecParser.parse(Array(bytes))
        }
    }

    @Test func thePublishedSchemaIsTheOneBuiltIn() throws {
        let file = try String(contentsOfFile: PackageRoot.path + "/schemas/card-v1.schema.json", encoding: .utf8)
        #expect(file == CardSchema.json + "\n")
    }
}
