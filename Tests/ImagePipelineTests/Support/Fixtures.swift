import Foundation
import Testing

/// Where the test fixtures are, and the PngSuite digest table.
enum Fixtures {
    /// The copied `Fixtures` folder inside the test bundle.
    static var root: String {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures resource folder is missing from the test bundle")
        }
        return url.path
    }

    static var pngSuite: String { root + "/pngsuite" }

    static func pngSuite(_ name: String) -> String { pngSuite + "/" + name }

    /// One row of `pngsuite-digests.tsv`.
    struct Expected: Sendable, CustomTestStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let sha256: String
        let reference: String
        var testDescription: String { file }
    }

    /// The digest table, parsed once.
    static let digests: [Expected] = {
        guard let text = try? String(contentsOfFile: root + "/pngsuite-digests.tsv", encoding: .utf8) else {
            fatalError("pngsuite-digests.tsv is missing")
        }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return Expected(
                file: fields[0],
                width: Int(fields[1])!,
                height: Int(fields[2])!,
                sha256: fields[3],
                reference: fields[4]
            )
        }
    }()

    /// The file names in the copied PngSuite folder.
    static var pngSuiteFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: pngSuite)) ?? []).filter { $0.hasSuffix(".png") }
            .sorted()
    }
}
