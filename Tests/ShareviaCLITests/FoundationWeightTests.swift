import Foundation
import TestSupport
import Testing

/// The static `sharevia` binary stays about 20 MB because nothing in Sources uses the parts of
/// Foundation that FoundationEssentials lacks: one `JSONSerialization` (in the accounts file)
/// pulled in Foundation's internationalization and ICU's data, and the binary grew from 20 to
/// 64 MB. This reads every Swift file in Sources and fails on those APIs in code.
@Suite struct FoundationWeightTests {
    /// Foundation APIs outside FoundationEssentials that link all of Foundation and ICU.
    static let heavyAPIs = [
        "JSONSerialization", "NSError", "DateFormatter", "NumberFormatter", "NSRegularExpression", "NSLocale",
        "PropertyListSerialization", "NSString", "NSAttributedString", "MeasurementFormatter",
    ]

    @Test func sourcesUseOnlyFoundationEssentialsAPIs() throws {
        let root = "\(PackageRoot.path)/Sources"
        let files = try #require(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 300, "Sources were not found in \(root)")
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for api in Self.problems(in: line) { found.append("Sources/\(file):\(number + 1): \(api)") }
            }
        }
        #expect(found.isEmpty, "these link all of Foundation into sharevia:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScanFindsAHeavyAPIAndLeavesCommentsAlone() {
        #expect(Self.problems(in: "_ = try JSONSerialization.jsonObject(with: data)") == ["JSONSerialization"])
        #expect(Self.problems(in: "(error as NSError).userInfo") == ["NSError"])
        #expect(Self.problems(in: "/// without `JSONSerialization`, which would link all of Foundation").isEmpty)
        #expect(Self.problems(in: "let decoder = JSONDecoder()").isEmpty)
    }

    /// The heavy APIs `line` uses outside a `//` comment.
    static func problems(in line: Substring) -> [String] {
        let code = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
        return heavyAPIs.filter { code.contains($0) }
    }
}
