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

    /// A fixture that is missing or not shaped as expected, naming the file and what is wrong.
    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }

    /// The fixture's URL in the test bundle.
    static func url(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/twitter-text/\(name)", withExtension: nil) else {
            throw FixtureError(description: "Fixtures/twitter-text/\(name) is not in the test bundle")
        }
        return url
    }

    /// The `tests` mapping of a YAML fixture.
    static func load(_ name: String) throws -> [String: Any] {
        let text = try String(contentsOf: url(name), encoding: .utf8)
        guard let root = try Yams.load(yaml: text) as? [String: Any], let tests = root["tests"] as? [String: Any] else {
            throw FixtureError(description: "\(name) has no `tests` mapping")
        }
        return tests
    }

    /// `item[key]` as a `T`, or an error naming the file, the section and the key.
    static func value<T>(_ item: [String: Any], _ key: String, _ file: String, _ section: String) throws -> T {
        guard let value = item[key] as? T else {
            throw FixtureError(description: "\(file) \(section): `\(key)` is missing or not a \(T.self) in \(item)")
        }
        return value
    }

    /// The list of cases in `tests[section]`.
    static func section(_ tests: [String: Any], _ section: String, _ file: String) throws -> [[String: Any]] {
        guard let items = tests[section] as? [[String: Any]] else {
            throw FixtureError(description: "\(file) has no section \(section)")
        }
        return items
    }

    /// The sections of `validate.yml` that report a weighted length.
    static let weightedSections = [
        "WeightedTweetsCounterTest", "WeightedTweetsWithDiscountedEmojiCounterTest",
        "UnicodeDirectionalMarkerCounterTest",
    ]

    /// Loaded once; a loading error is thrown by ``weightedCases()``.
    private static let weighted = Result { () throws -> [WeightedCase] in
        let file = "validate.yml"
        let tests = try load(file)
        var cases: [WeightedCase] = []
        for section in weightedSections {
            for item in try Self.section(tests, section, file) {
                let expected: [String: Any] = try value(item, "expected", file, section)
                cases.append(
                    WeightedCase(
                        section: section,
                        description: try value(item, "description", file, section),
                        text: try value(item, "text", file, section),
                        weightedLength: try value(expected, "weightedLength", file, section),
                        valid: try value(expected, "valid", file, section),
                        permillage: try value(expected, "permillage", file, section),
                        displayRangeEnd: try value(expected, "displayRangeEnd", file, section),
                        validRangeEnd: try value(expected, "validRangeEnd", file, section)
                    )
                )
            }
        }
        return cases
    }

    private static let urls = Result { () throws -> [URLCase] in
        let file = "extract.yml"
        let tests = try load(file)
        var cases: [URLCase] = []
        for section in ["urls", "urls_with_indices", "urls_with_directional_markers", "tco_urls_with_params"] {
            for item in try Self.section(tests, section, file) {
                let text: String = try value(item, "text", file, section)
                let description: String = try value(item, "description", file, section)
                if let plain = item["expected"] as? [String] {
                    cases.append(
                        URLCase(section: section, description: description, text: text, urls: plain, indices: nil)
                    )
                } else {
                    let withIndices: [[String: Any]] = try value(item, "expected", file, section)
                    cases.append(
                        URLCase(
                            section: section,
                            description: description,
                            text: text,
                            urls: try withIndices.map { try value($0, "url", file, section) },
                            indices: try withIndices.map { try value($0, "indices", file, section) }
                        )
                    )
                }
            }
        }
        return cases
    }

    private static let tlds = Result { () throws -> [URLCase] in
        let file = "tlds.yml"
        let tests = try load(file)
        var cases: [URLCase] = []
        for section in ["country", "generic"] {
            for item in try Self.section(tests, section, file) {
                cases.append(
                    URLCase(
                        section: section,
                        description: try value(item, "description", file, section),
                        text: try value(item, "text", file, section),
                        urls: try value(item, "expected", file, section),
                        indices: nil
                    )
                )
            }
        }
        return cases
    }

    /// `validate.yml`'s weighted cases.
    static func weightedCases() throws -> [WeightedCase] { try weighted.get() }

    /// `extract.yml`'s URL cases.
    static func urlCases() throws -> [URLCase] { try urls.get() }

    /// `tlds.yml`: every TLD, each with a URL that must be extracted whole.
    static func tldCases() throws -> [URLCase] { try tlds.get() }
}
