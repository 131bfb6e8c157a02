import Destinations
import Foundation
import ShareCore
import TestSupport
import Testing

/// The README's library example, with a safe environment (no desktop session, a temporary HOME)
/// so X delivers by returning its intent URL instead of opening a browser.
@Test func readmeLibraryExampleSharesToX() async throws {
    let png = Data("png".utf8)
    let home = TemporaryFolder()
    do {

        struct StreakCard: ShareableContent {  // an app's own type, shared as it is
            var days: Int
            var png: Data
            var text: String { "\(days) days in a row 🔥" }
            var link: String? { "https://example.com/streak" }
            var hashtags: [String] { ["streak"] }
            var attachments: [ShareAttachment] { [.bytes(png, mimeType: "image/png", fileName: "streak.png")] }
            var kind: ContentKind { .streak }
        }

        let environment = ShareEnvironment(["HOME": home.path, "PATH": "/usr/bin:/bin"])
        let router = ShareRouter(registry: .standard(environment: environment))
        // x -> clipboard -> file
        let report = try await router.share(StreakCard(days: 7, png: png), via: .default(for: "x"))
        #expect(report.description.contains("handed off by x"))  // README: print(report)
        #expect(report.outcome == .handedOff)  // a person still has to post it
        #expect(
            report.receipt?.locations.first?.hasPrefix("https://twitter.com/intent/tweet?text=7%20days%20in%20a%20row")
                == true
        )
    }
}
