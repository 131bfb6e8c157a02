import Foundation
import Testing
import Yams

/// Reads twitter-text's conformance files from the test bundle's `Fixtures/twitter-text`.
enum ConformanceFixtures {
    /// One case of `validate.yml`'s weighted sections.
    struct WeightedCase: Sendable, CustomTestStringConvertible {
        var section: String
        var description: String
        var text: String
        var weightedLength: Int
        var valid: Bool
        var permillage: Int
        var displayRangeEnd: Int
        var validRangeEnd: Int
        var testDescription: String { "\(section): \(description)" }
    }

    /// One case of `extract.yml`'s URL sections.
    struct URLCase: Sendable, CustomTestStringConvertible {
        var section: String
        var description: String
        var text: String
        var urls: [String]
        var indices: [[Int]]?
        var testDescription: String { "\(section): \(description)" }
    }

    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/twitter-text/\(name)", withExtension: nil)!
    }

    static func load(_ name: String) -> [String: Any] {
        let text = (try? String(contentsOf: url(name), encoding: .utf8)) ?? ""
        let root = (try? Yams.load(yaml: text)) as? [String: Any]
        return root?["tests"] as? [String: Any] ?? [:]
    }

    /// The sections of `validate.yml` that report a weighted length.
    static let weightedSections = [
        "WeightedTweetsCounterTest", "WeightedTweetsWithDiscountedEmojiCounterTest",
        "UnicodeDirectionalMarkerCounterTest",
    ]

    static let weightedCases: [WeightedCase] = {
        let tests = load("validate.yml")
        var cases: [WeightedCase] = []
        for section in weightedSections {
            for item in tests[section] as? [[String: Any]] ?? [] {
                let expected = item["expected"] as? [String: Any] ?? [:]
                cases.append(
                    WeightedCase(
                        section: section,
                        description: item["description"] as? String ?? "",
                        text: item["text"] as? String ?? "",
                        weightedLength: expected["weightedLength"] as? Int ?? -1,
                        valid: expected["valid"] as? Bool ?? false,
                        permillage: expected["permillage"] as? Int ?? -1,
                        displayRangeEnd: expected["displayRangeEnd"] as? Int ?? -1,
                        validRangeEnd: expected["validRangeEnd"] as? Int ?? -1
                    )
                )
            }
        }
        return cases
    }()

    static let urlCases: [URLCase] = {
        let tests = load("extract.yml")
        var cases: [URLCase] = []
        for section in ["urls", "urls_with_indices", "urls_with_directional_markers", "tco_urls_with_params"] {
            for item in tests[section] as? [[String: Any]] ?? [] {
                let text = item["text"] as? String ?? ""
                let description = item["description"] as? String ?? ""
                if let plain = item["expected"] as? [String] {
                    cases.append(
                        URLCase(section: section, description: description, text: text, urls: plain, indices: nil)
                    )
                } else if let withIndices = item["expected"] as? [[String: Any]] {
                    cases.append(
                        URLCase(
                            section: section,
                            description: description,
                            text: text,
                            urls: withIndices.map { $0["url"] as? String ?? "" },
                            indices: withIndices.map { $0["indices"] as? [Int] ?? [] }
                        )
                    )
                }
            }
        }
        return cases
    }()

    /// `tlds.yml`: every TLD, each with a URL that must be extracted whole.
    static let tldCases: [URLCase] = {
        let tests = load("tlds.yml")
        var cases: [URLCase] = []
        for section in ["country", "generic"] {
            for item in tests[section] as? [[String: Any]] ?? [] {
                cases.append(
                    URLCase(
                        section: section,
                        description: item["description"] as? String ?? "",
                        text: item["text"] as? String ?? "",
                        urls: item["expected"] as? [String] ?? [],
                        indices: nil
                    )
                )
            }
        }
        return cases
    }()
}
