import Foundation
import TestSupport
import Testing

/// The libraries never name sharevia's flags or commands in what they say: a library caller has
/// neither. Only the command line (``ErrorAdvice``) turns their facts into advice naming flags.
@Suite struct LibraryWordingTests {
    /// Every target under `Sources` but the command line's two.
    static func libraries() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(PackageRoot.path)/Sources")
        return names.filter { $0 != "ShareviaCLI" && $0 != "sharevia" }.sorted()
    }

    /// Files that are documents the command line prints as they are, not messages:
    /// the card spec's JSON Schema (`sharevia card schema`, pinned to `schemas/card-v1.schema.json`).
    static let documents = ["ShareCards/CardSchema.swift"]

    /// Every long flag the pinned `--help` screens list.
    static func flags() throws -> Set<String> {
        let fixtures = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures"
        var flags: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures) where name.hasPrefix("help-") {
            let text = try String(contentsOfFile: "\(fixtures)/\(name)", encoding: .utf8)
            flags.formUnion(text.matches(of: /--[a-z][a-z0-9-]+/).map { String($0.output) })
        }
        return flags
    }

    /// The places in `line` that name a flag of `flags` or a `sharevia` command in running text:
    /// not a whole string literal such as `"--device"`, which is an argument for another program.
    static func mentions(in line: Substring, flags: Set<String>) -> [String] {
        var found: [String] = []
        for match in line.matches(of: /(.)(--[a-z][a-z0-9-]+)(.?)/) where flags.contains(String(match.output.2)) {
            let wholeLiteral = match.output.1 == "\"" && match.output.3 == "\""
            if !wholeLiteral { found.append(String(match.output.2)) }
        }
        found += line.matches(of: /'sharevia [a-z]+/).map { String($0.output) }
        return found
    }

    @Test func noLibraryNamesAFlagOrACommand() throws {
        let flags = try Self.flags()
        #expect(flags.contains("--out") && flags.contains("--sms-to"), "the help screens list the flags")
        var offenders: [String] = []
        let libraries = try Self.libraries()
        #expect(libraries.contains("ShareCore") && libraries.contains("Destinations"))
        for library in libraries {
            let folder = "\(PackageRoot.path)/Sources/\(library)"
            let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") && !Self.documents.contains("\(library)/\(file)") {
                let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.drop { $0 == " " }
                    guard !code.hasPrefix("//"), code.contains("\"") else { continue }
                    for mention in Self.mentions(in: line, flags: flags) {
                        offenders.append("\(library)/\(file):\(number + 1): \(mention)")
                    }
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func aFlagInRunningTextIsFoundButAnArgumentIsNot() {
        let flags: Set<String> = ["--out", "--device"]
        #expect(Self.mentions(in: #"message: "pass --out DIR""#, flags: flags) == ["--out"])
        #expect(Self.mentions(in: #"["--device", device]"#, flags: flags).isEmpty)
        #expect(Self.mentions(in: #""see 'sharevia card schema'""#, flags: flags) == ["'sharevia card"])
    }
}
