import Foundation
import TestSupport
import Testing

/// `sharevia --to instagram`, the headline, through the built binary.
@Suite struct InstagramCommandTests {
    let folder = TemporaryFolder("cli")
    var out: String { "\(folder.path)/out" }

    @Test func withAnAppIDTheCardIsHandedOffAsABundle() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "instagram", PackageRoot.exampleCard, "--url", "https://example.com/streak", "--out", out],
            environment: ["SHAREVIA_INSTAGRAM_APP_ID": "1234567890"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("✓ instagram: handed off: wrote the Instagram hand-off bundle to \(out)"))
        #expect(run.stderr.contains("    instagram: background 1080x1920 with a link sticker"))
        #expect(run.stdout == "\(out)/card.png\n\(out)/card.instagram.plist\n\(out)/card.instagram.json\n")
    }

    @Test func withoutAnAppIDTheShareFallsBackToTheFileExport() async throws {
        let run = try await ShareviaProcess.run(["--to", "instagram", PackageRoot.exampleCard, "--out", out, "--json"])
        #expect(run.status == 3, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        #expect(attempts.first?["destination"] as? String == "instagram")
        #expect((attempts.first?["reason"] as? String)?.contains("no Facebook App ID: pass --instagram-app-id") == true)
        #expect(report["deliveredBy"] as? String == "file")
    }

    @Test func dryRunShowsKeysColoursAndIntentAndWritesNothing() async throws {
        let run = try await ShareviaProcess.run([
            "--to", "instagram", PackageRoot.exampleCard, "--instagram-app-id", "1234567890", "--as", "sticker",
            "--top-color", "#ff6b35", "--dry-run", "--out", out, "--no-fallback",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  layer: sticker"))
        #expect(run.stdout.contains("  top-color: #FF6B35"))
        #expect(run.stdout.contains("  bottom-color: #F77217"), "the card's own bottom edge: \(run.stdout)")
        #expect(run.stdout.contains("  ios-url: instagram-stories://share?source_application=1234567890"))
        #expect(
            run.stdout.contains("com.instagram.sharedSticker.{stickerImage (32534 bytes), backgroundTopColor #FF6B35")
        )
        #expect(
            run.stdout.contains(
                "  android-intent: am start -a com.instagram.share.ADD_TO_STORY -p com.instagram.android"
            )
        )
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: [
        (["--top-color", "red"], "--top-color 'red' is not a colour; write it as #RRGGBB"),
        (["--bottom-color", "#12345"], "--bottom-color '#12345' is not a colour"),
        (["--instagram-app-id", "my-app"], "--instagram-app-id 'my-app' is not a Facebook App ID"),
        (["--as", "sticker", "--fit"], "--fit makes a background; it can't be used with --as sticker"),
        (["--as", "foreground"], "Please provide one of 'auto', 'background' or 'sticker'"),
    ])
    func badInstagramOptionsAreUsageErrors(options: [String], message: String) async throws {
        let run = try await ShareviaProcess.run(["--to", "instagram", PackageRoot.exampleCard, "--out", out] + options)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
