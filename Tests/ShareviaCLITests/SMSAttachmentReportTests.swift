import Foundation
import TestSupport
import Testing

/// Issue 23, defect 14: the size reported for an SMS's image is the image file's, for a file and
/// for a drawn card alike (the 45,065 bytes the issue saw for a 32,534-byte card were the size of
/// the email destination's encoded message, shown beside the file name in its summary).
@Suite struct SMSAttachmentReportTests {
    let folder = TemporaryFolder("sms-attachment")

    private func smsAttachment(_ arguments: [String]) async throws -> [String: Any] {
        let run = try await ShareviaProcess.run(
            ["--to", "sms", "--sms-to", "+14155550123", "--dry-run", "--json", "--no-fallback"] + arguments,
            environment: ["PATH": "/usr/bin:/bin"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let destinations = try #require(report["destinations"] as? [[String: Any]])
        let attachments = try #require(destinations.first?["attachments"] as? [[String: Any]], "\(run.stdout)")
        return try #require(attachments.first)
    }

    @Test func anImageFileIsReportedAtItsOwnSize() async throws {
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: PackageRoot.exampleCard)[.size] as? Int
        )
        let attachment = try await smsAttachment([PackageRoot.exampleCard, "--text", "Day 7"])
        #expect(attachment["fileName"] as? String == "card.png")
        #expect(attachment["bytes"] as? Int == size)
    }

    @Test func aDrawnCardIsReportedAtTheSizeOfItsPNG() async throws {
        let attachment = try await smsAttachment(["--card", "\(PackageRoot.path)/examples/cards/streak.json"])
        let png = folder.file("card.png")
        let render = try await ShareviaProcess.run(
            ["card", "render", "\(PackageRoot.path)/examples/cards/streak.json", "-o", png])
        #expect(render.status == 0, "\(render.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: png)[.size] as? Int)
        #expect(attachment["mimeType"] as? String == "image/png")
        #expect(attachment["bytes"] as? Int == size, "the card drawn for the SMS, not an encoded message")
    }
}
