import Foundation
import Testing

@testable import TextFitting

/// twitter-text's own conformance data: every weighted-length case of `validate.yml` and the URL
/// extraction cases of `extract.yml` and `tlds.yml`.
struct TwitterTextConformanceTests {
    @Test func fixturesAreThere() throws {
        #expect(try ConformanceFixtures.weightedCases().count == 44)
        #expect(try ConformanceFixtures.urlCases().count >= 100)
        #expect(try ConformanceFixtures.tldCases().count > 1500)
    }

    @Test(arguments: try ConformanceFixtures.weightedCases())
    func weightedLength(_ example: ConformanceFixtures.WeightedCase) {
        let configuration: TwitterTextConfiguration = example.section == "WeightedTweetsCounterTest" ? .v2 : .v3
        let result = TwitterTextParser(configuration: configuration).parse(example.text)
        #expect(result.weightedLength == example.weightedLength)
        #expect(result.isValid == example.valid)
        #expect(result.permillage == example.permillage)
        #expect(result.displayRange.upperBound == example.displayRangeEnd)
        #expect(result.validRange.upperBound == example.validRangeEnd)
    }

    @Test(arguments: try ConformanceFixtures.urlCases())
    func urlExtraction(_ example: ConformanceFixtures.URLCase) {
        let found = TwitterURLExtractor().extract(from: example.text)
        #expect(found.map(\.url) == example.urls)
        if let indices = example.indices {
            #expect(found.map { [$0.utf16Range.lowerBound, $0.utf16Range.upperBound] } == indices)
        }
    }

    @Test func everyTLDIsRecognised() throws {
        var missed: [String] = []
        for example in try ConformanceFixtures.tldCases()
        where TwitterURLExtractor().extract(from: example.text).map(\.url) != example.urls {
            missed.append(example.text)
        }
        #expect(missed.isEmpty, "not extracted: \(missed.prefix(10))")
    }

    @Test(arguments: ["v2.json", "v3.json"])
    func builtInConfigurationsMatchTheJSON(_ name: String) throws {
        let data = try Data(contentsOf: ConformanceFixtures.url(name))
        let decoded = try JSONDecoder().decode(TwitterTextConfiguration.self, from: data)
        #expect(decoded == (name == "v2.json" ? TwitterTextConfiguration.v2 : .v3))
    }
}
