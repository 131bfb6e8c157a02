import Foundation
import TestSupport
import Testing

/// What `--dry-run` shows of each built-in destination's plan, pinned: the plan is typed now, and
/// what it describes about itself must stay what the string fields said. The fixture was recorded
/// from the build before the typed plan; to accept a change, run the test with
/// SHAREVIA_UPDATE_DRY_RUN=1 and commit the new fixture.
@Suite struct DryRunFieldsTests {
    static let share = [
        "--text", "Seven days in a row — ünïcode “quotes”", "--title", "Streak", "--url",
        "https://example.com/s?id=7&x=1", "--hashtag", "streak", "--hashtag", "run",
    ]

    /// One `--dry-run --json --no-fallback` run per case; the card is added where it says so.
    static let cases: [(name: String, card: Bool, arguments: [String])] =
        [
            ("file", true, ["--to", "file", "--out", "/tmp/sharevia-dry-run-fields"]),
            ("file-text", false, ["--to", "file", "--out", "/tmp/sharevia-dry-run-fields"]),
            ("instagram", true, ["--to", "instagram", "--instagram-app-id", "1234567890"]),
            (
                "instagram-sticker", true,
                [
                    "--to", "instagram", "--instagram-app-id", "1234567890", "--as", "sticker", "--top-color",
                    "#C81E0A",
                    "--bottom-color", "#0A1EC8",
                ]
            ),
            (
                "sms", true,
                ["--to", "sms", "--sms-to", "+14155550123", "--sms-to", "4155550124", "--sms-device", "phone1"]
            ),
            ("sms-fitted", false, ["--to", "sms", "--sms-smart-encoding", "--sms-max-segments", "1"]),
            (
                "email-draft", true,
                [
                    "--to", "email", "--email-from", "Me <me@example.org>", "--email-to", "a@example.org", "--email-cc",
                    "b@example.org", "--html",
                ]
            ),
            (
                "email-smtp", true,
                [
                    "--to", "email", "--email-from", "me@example.org", "--email-to", "a@example.org", "--smtp",
                    "smtp://127.0.0.1:9",
                ]
            ),
            ("email-bare", false, ["--to", "email"]),
            ("mastodon", true, ["--to", "mastodon", "--mastodon-instance", "mastodon.example"]),
        ]
        + ["x", "bluesky", "threads", "linkedin", "whatsapp", "telegram", "reddit", "facebook"].map {
            ($0, true, ["--to", $0])
        }

    /// The first destination's fields as `name: value` lines, newlines in a value as `\n`, and the
    /// manifest's timestamp left out.
    static func fields(of run: ShareviaProcess.Run) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let first = try #require((json["destinations"] as? [[String: Any]])?.first, "\(run.stdout)")
        if let error = first["error"] as? String { return ["would be skipped: \(error)"] }
        let fields = try #require(first["fields"] as? [[String: String]], "\(first)")
        return fields.map { field in
            let value = (field["value"] ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("\"createdAt\"") }.joined(separator: "\\n")
            return "\(field["name"] ?? ""): \(value)"
        }
    }

    @Test func everyDestinationShowsTheFieldsItShowedBefore() async throws {
        let home = TemporaryFolder("dry-run-fields")
        defer { home.remove() }
        var lines: [String] = []
        for entry in Self.cases {
            let arguments =
                entry.arguments + (entry.card ? [PackageRoot.exampleCard] : []) + Self.share + [
                    "--dry-run", "--json", "--no-fallback",
                ]
            let run = try await ShareviaProcess.run(
                arguments,
                environment: ["HOME": home.path, "PATH": "/nonexistent", "LANG": "C.UTF-8"]
            )
            lines.append("## \(entry.name)")
            lines += try Self.fields(of: run)
        }
        let text = lines.joined(separator: "\n") + "\n"
        let fixture = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/dry-run-fields.txt"
        if ProcessInfo.processInfo.environment["SHAREVIA_UPDATE_DRY_RUN"] == "1" {
            try text.write(toFile: fixture, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOfFile: fixture, encoding: .utf8)
        #expect(text == pinned, "the dry run's fields changed; rerun with SHAREVIA_UPDATE_DRY_RUN=1 to accept")
    }
}
