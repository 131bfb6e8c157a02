import Foundation
import TestSupport
import Testing

/// Issue 23, defect 1, through the built binary: text near X's limit made of characters that NFC
/// lengthens (composition exclusions) once stopped the process with SIGILL before any fallback
/// could run. Every route to X's counter now ends normally: exit 0 or 3, never a signal.
/// Serialized: its rows start processes that, run all at once, starve the suites that time things.
@Suite(.serialized) struct NormalizationTrapTests {
    let folder = TemporaryFolder("nfc-trap")

    /// The texts that trapped: Devanagari QA, a BOM then Devanagari QA, Hebrew SHIN WITH DAGESH
    /// AND SHIN DOT, MUSICAL SYMBOL HALF NOTE.
    static let triggers: [(name: String, text: String)] = [
        ("U+0958 x280", String(repeating: "\u{0958}", count: 280)),
        ("BOM, U+0958 x280", "\u{FEFF}" + String(repeating: "\u{0958}", count: 280)),
        ("U+FB2C x140", String(repeating: "\u{FB2C}", count: 140)),
        ("U+1D15E x141", String(repeating: "\u{1D15E}", count: 141)),
    ]

    /// The routes to X's counter: a share, a dry run, a card share's dry run, and a chain where
    /// X is the fallback.
    func routes(_ text: String) -> [(name: String, arguments: [String])] {
        let out = "\(folder.path)/out"
        return [
            ("--to x", ["--to", "x", "--text", text, "--no-fallback"]),
            ("--dry-run", ["--to", "x", "--text", text, "--dry-run", "--json"]),
            (
                "--card --dry-run",
                ["--to", "x", "--card", "\(PackageRoot.path)/examples/cards/streak.json", "--text", text, "--dry-run"]
            ),
            ("--to clipboard,x", ["--to", "clipboard,x", "--text", text, "--unavailable", "clipboard", "--out", out]),
            ("--to x,file", ["--to", "x,file", "--text", text, "--out", out]),
        ]
    }

    @Test(arguments: triggers.indices)
    func textThatNFCLengthensNeverStopsTheProcess(_ trigger: Int) async throws {
        let (name, text) = Self.triggers[trigger]
        for route in routes(text) {
            let run = try await ShareviaProcess.run(route.arguments, environment: ["SHAREVIA_UNAVAILABLE": "clipboard"])
            #expect(
                run.signal == nil,
                "\(name) via \(route.name) was stopped by signal \(run.signal ?? 0): \(run.stderr)"
            )
            #expect(
                run.status == 0 || run.status == 3,
                "\(name) via \(route.name): exit \(run.status ?? -1): \(run.stderr)"
            )
            #expect(!run.stderr.contains("Fatal error"), "\(name) via \(route.name): \(run.stderr)")
        }
    }

    /// The intent carries the fitted text: within 280, trimmed at a whole character.
    @Test func theFittedPostIsWithinXsLimit() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "x", "--text", Self.triggers[0].text, "--no-fallback", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        let prepared = try #require(attempts.first?["prepared"] as? String, "\(run.stdout)")
        #expect(
            prepared.hasPrefix("x: 280/280") || prepared.hasPrefix("x: 279/280") || prepared.hasPrefix("x: 278/280"),
            "\(prepared)"
        )
    }
}
