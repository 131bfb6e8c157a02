import Foundation
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

/// What a share's reports say of its identity, its alt text and its receipt, through the built
/// binary: `"shareId"` in `--json`, the id and each image's alt text in a dry run, a delivered
/// post's URL alone on standard output, and the receipt's ids in `--json`.
@Suite struct ShareIdentityEndToEndTests {
    let folder = TemporaryFolder("share-identity")
    static var streakSpec: String { PackageRoot.path + "/examples/cards/streak.json" }

    static func json(_ run: ShareviaProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any], "\(run.stdout)")
    }

    @Test func theJSONReportCarriesTheSharesIdentityAFreshOneEachRun() async throws {
        let out = folder.file("out")
        var ids: [String] = []
        for _ in 0..<2 {
            let run = try await ShareviaProcess.run([
                "--to", "file", "--text", "hi", "--out", out, "--no-fallback", "--json",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let id = try #require(try Self.json(run)["shareId"] as? String)
            #expect(ShareID(id) != nil, "not a share id: \(id)")
            ids.append(id)
        }
        #expect(ids[0] != ids[1])
    }

    @Test func aDryRunShowsTheIdentityAndTheCardsAltText() async throws {
        let arguments = [
            "--to", "file", "--card", Self.streakSpec, "--out", folder.file("out"), "--no-fallback", "--dry-run",
        ]
        let text = try await ShareviaProcess.run(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 2 && lines[1].hasPrefix("share id: "), "\(text.stdout)")
        #expect(ShareID(String(lines[1].dropFirst("share id: ".count))) != nil, "\(lines[1])")
        #expect(
            lines.contains(
                #"    alt: "Streak card: 30 day streak, A whole month. Unstoppable, 13 of the last 14 days done, total 142""#
            ),
            "\(text.stdout)"
        )

        let given = try await ShareviaProcess.run(arguments + ["--json", "--alt", "Thirty days\nin a row"])
        #expect(given.status == 0, "\(given.stderr)")
        let json = try Self.json(given)
        #expect(ShareID(json["shareId"] as? String ?? "") != nil, "\(given.stdout)")
        let destinations = try #require(json["destinations"] as? [[String: Any]])
        let attachments = try #require(destinations.first?["attachments"] as? [[String: Any]])
        #expect(attachments.first?["altText"] as? String == "Thirty days\nin a row", "\(given.stdout)")
    }

    @Test func aDryRunSaysWhenAnImageHasNoAltText() async throws {
        let image = try folder.write(
            PNGBytes.rgbFile(width: 2, height: 2, rgb: Array(repeating: 9, count: 12)),
            named: "owl.png"
        )
        let run = try await ShareviaProcess.run([
            "--to", "file", image, "--out", folder.file("out"), "--no-fallback", "--dry-run",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  attachment: owl.png (image/png, ") && run.stdout.contains("    alt: (none)"))
        let json = try await ShareviaProcess.run([
            "--to", "file", image, "--out", folder.file("out"), "--no-fallback", "--dry-run", "--json",
        ])
        let attachments = try #require(
            (try Self.json(json)["destinations"] as? [[String: Any]])?.first?["attachments"] as? [[String: Any]]
        )
        #expect(attachments.first?.keys.contains("altText") == false, "\(json.stdout)")
    }

    @Test func refusedAltTextExitsAsAUsageError() async throws {
        let run = try await ShareviaProcess.run([
            "--to", "file", "--text", "hi", "--alt", String(repeating: "x", count: 1501), "--dry-run",
        ])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--alt is 1501 characters long; alt text may have at most 1,500"), "\(run.stderr)")
        let noImage = try await ShareviaProcess.run(["--to", "file", "--text", "hi", "--alt", "an owl", "--dry-run"])
        #expect(noImage.status == 64)
        #expect(noImage.stderr.contains("--alt describes an image, but this share has none"), "\(noImage.stderr)")
    }

    /// A delivered share's first location (a post's URL) is alone on its line on standard output,
    /// with the notes in the report on standard error, as the file export's path is.
    @Test func aDeliveredPostsURLIsAloneOnStandardOutput() async throws {
        let sandbox = try PluginSandbox("share-identity-url")
        try sandbox.install(
            id: "poster",
            describe: PluginSandbox.describe(),
            deliver: #"cat >/dev/null; echo '{"outcome":"delivered","url":"https://social.example/@me/1"}'"#
        )
        let run = try await ShareviaProcess.run(
            ["--to", "poster", "--text", "hi", "--no-fallback"],
            environment: sandbox.environment()
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "https://social.example/@me/1\n", "\(run.stdout)")
    }

    /// The receipt's ids (a post's id, a record's uri and cid) are in `--json`, and a destination's
    /// notes are in both reports.
    @Test func theReceiptsIdsAndTheNotesAreInTheReports() throws {
        var receipt = DeliveryReceipt(
            destination: "bluesky",
            outcome: .delivered,
            summary: "posted",
            locations: ["https://bsky.app/profile/me.example/post/3lb2abc"]
        )
        receipt.ids = ["uri": "at://did:plc:abc/app.bsky.feed.post/3lb2abc", "cid": "bafyrei"]
        let attempt = ShareReport.Attempt(
            destination: "bluesky",
            result: .delivered,
            reason: "posted",
            attempt: 1,
            durationMilliseconds: 12,
            prepared: "bluesky: 1 post",
            notes: ["image posted without alt text"]
        )
        let report = ShareReport(chain: ["bluesky"], attempts: [attempt], receipt: receipt)
        let id = ShareID(microseconds: 1_795_693_512_123_456, nonce: 0x9f2c)
        let json = try JSONSerialization.jsonObject(
            with: Data(try ReportPrinter.json(report, exitCode: 0, shareID: id).utf8)
        )
        let object = try #require(json as? [String: Any])
        #expect(object["shareId"] as? String == "1795693512123456-0000000000009f2c")
        let ids = (object["receipt"] as? [String: Any])?["ids"] as? [String: String]
        #expect(ids == ["uri": "at://did:plc:abc/app.bsky.feed.post/3lb2abc", "cid": "bafyrei"])
        #expect(object["notes"] as? [String] == ["image posted without alt text"])
        #expect(ErrorAdvice.report(report).description.contains("image posted without alt text"))
        receipt.ids = [:]
        let withoutIDs = try ReportPrinter.json(
            ShareReport(chain: ["bluesky"], receipt: receipt),
            exitCode: 0,
            shareID: id
        )
        #expect(!withoutIDs.contains("\"ids\""))
    }
}
