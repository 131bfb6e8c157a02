import Testing

@testable import TextFitting

/// Properties of fitting over generated mixed text: it fits, never breaks a URL, cuts on a
/// grapheme boundary and keeps the link.
struct FittingPropertyTests {
    static let networks: [String] = ["x", "mastodon", "bluesky", "threads"]

    @Test(arguments: networks)
    func fittedTextKeepsEveryPromise(_ network: String) throws {
        let rules = try #require(TextRules.builtIn(named: network), "no built-in rules named \(network)")
        var generator = MixedTextGenerator(seed: 0x5EED + UInt64(network.utf8.count))
        var trimmedCases = 0
        for _ in 0..<200 {
            let body = generator.text(pieces: 20 + generator.below(130))
            let link = generator.below(3) == 0 ? nil : "https://example.com/share/\(generator.below(1000))"
            let hashtags = (0..<generator.below(4)).map { _ in generator.pick(["fitness", "run", "streak", "日本"]) }
            let parts = PostParts(body: body, link: link, hashtags: hashtags)
            let fitted = TextFitter(rules: rules).fit(parts)

            // It fits, and the count reported is the count of the text.
            #expect(fitted.fits, "\(network): \(fitted.summary)")
            #expect(rules.measure(fitted.text).count == fitted.measurement.count)
            // The link survives whole, the hashtags kept are the first ones.
            if let link { #expect(fitted.text.contains(link)) }
            #expect(Array(parts.hashtags.prefix(fitted.hashtags.count)) == fitted.hashtags)

            guard fitted.trimmedCharacters > 0 else {
                #expect(fitted.body == body)
                continue
            }
            trimmedCases += 1
            // The cut is on a grapheme boundary: the kept body is a prefix in characters.
            #expect(fitted.body.hasSuffix(TextFitter.ellipsis))
            let kept = Array(fitted.body.dropLast())
            #expect(Array(Array(body).prefix(kept.count)) == kept)
            #expect(body.count - kept.count == fitted.trimmedCharacters)
            // Every URL of the input is either kept whole or left out whole.
            let keptScalars = String(kept).unicodeScalars.count
            for url in TwitterURLExtractor().extract(from: body) {
                let whole = url.scalarRange.upperBound <= keptScalars
                let gone = url.scalarRange.lowerBound >= keptScalars
                #expect(whole || gone, "\(network) cut \(url.url)")
                if whole {
                    let keptValues = String(kept).unicodeScalars.map(\.value)
                    #expect(Array(keptValues[url.scalarRange]) == url.url.unicodeScalars.map(\.value))
                }
            }
        }
        #expect(trimmedCases > 40)
    }
}
