import Foundation
import ImagePipeline
import ShareCards
import ShareCore
import ShareviaCLI
import TestSupport
import Testing

/// Every code sharevia can put in front of a person or a script is kebab-case (`bad-checksum`,
/// `content-rejected`), whichever part of the program emits it: the share report, the dry run,
/// `ShareError` details, card errors, image errors, the JSON error object.
@Suite struct ErrorCodeCasingTests {
    /// Lower-case words of letters and digits joined by single hyphens.
    static func isKebabCase(_ code: String) -> Bool {
        code.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil
    }

    /// Every code each kind of error or result can carry, by the type that carries it.
    static var everyCode: [(type: String, codes: [String])] {
        [
            ("ImageError.Code", ImageError.Code.allCases.map(\.description)),
            ("CardError.Code", CardError.Code.allCases.map(\.description)),
            ("ShareError.Code", ShareError.Code.allCases.map(\.name)),
            ("ShareError.Detail.Code", ShareError.Detail.Code.allCases.map(\.description)),
            ("ShareReport.Outcome", ShareReport.Outcome.allCases.map(\.rawValue)),
            ("ShareReport.Result", ShareReport.Result.allCases.map(\.rawValue)),
            ("DeliveryOutcome", DeliveryOutcome.allCases.map(\.rawValue)),
            ("JSONErrorOutput", [1, 3, 4, 64, 65, 130].map { JSONErrorOutput.code(for: $0) }),
        ]
    }

    @Test func everyCodeThePackageCanEmitIsKebabCase() {
        for (type, codes) in Self.everyCode {
            #expect(!codes.isEmpty, "\(type) lists no codes")
            for code in codes where !Self.isKebabCase(code) {
                Issue.record("\(type): '\(code)' is not kebab-case")
            }
        }
    }

    @Test func theCheckRefusesOtherCasings() {
        #expect(Self.isKebabCase("bad-checksum") && Self.isKebabCase("truncated") && Self.isKebabCase("tls-failed"))
        for code in ["bad_checksum", "badChecksum", "Bad-Checksum", "bad--checksum", "-bad", "bad-", ""] {
            #expect(!Self.isKebabCase(code), "\(code)")
        }
    }

    /// A code type added later, written the house way (a `Code` over a private enum of strings),
    /// is held to the same casing even before a test lists its cases.
    @Test func everyCodeStringInTheSourcesIsKebabCase() throws {
        let sources = "\(PackageRoot.path)/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }
        var checked = 0
        for file in files {
            let text = try String(contentsOfFile: "\(sources)/\(file)", encoding: .utf8)
            guard text.contains(/(struct|enum) Code\b/) else { continue }
            for match in text.matches(of: /case\s+\w+\s*=\s*"([^"]*)"/) {
                checked += 1
                if !Self.isKebabCase(String(match.1)) {
                    Issue.record("Sources/\(file): code '\(match.1)' is not kebab-case")
                }
            }
        }
        #expect(checked >= 30, "found only \(checked) code strings; has the house pattern changed?")
    }
}
