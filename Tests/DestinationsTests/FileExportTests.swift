import Foundation
import LocalFiles
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

@testable import Destinations

@Suite struct FileExportTests {
    let folder = TemporaryFolder()
    var out: String { "\(folder.path)/out" }

    func destination() -> FileExportDestination {
        FileExportDestination(
            configuration: .init(directory: out),
            environment: ShareEnvironment(["HOME": folder.path]),
            now: { Date(timeIntervalSince1970: 1_800_000_000) }
        )
    }

    func export(_ content: ShareContent) async throws -> DeliveryReceipt {
        let destination = destination()
        return try await destination.deliver(try destination.prepare(ShareRequest(content: content)))
    }

    /// A pseudo-random payload, so a byte-for-byte comparison means something.
    /// The eight bytes a PNG starts with: enough for an attachment to be sniffed as `image/png`.
    static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    static func payload(_ count: Int, seed: UInt64 = 42) -> Data {
        var state = seed
        return Data(
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
        )
    }

    @Test func writesAttachmentsByteIdenticalWithTextAndManifest() async throws {
        let bytes = Self.pngSignature + Self.payload(3_000_000)  // the bytes decide the type
        try folder.write(bytes, named: "card.png")
        let content = ShareContent(
            title: "Level 5",
            text: "Up a level 🎉",
            link: "https://example.com",
            hashtags: ["levelup"],
            attachments: [try ShareAttachment.file("\(folder.path)/card.png", mimeType: "image/png")],
            kind: .levelUp
        )
        let receipt = try await export(content)
        #expect(folder.names(in: "out") == ["card.png", "card.share.json", "card.txt"])
        #expect(FileManager.default.contents(atPath: "\(out)/card.png") == bytes)
        #expect(
            String(decoding: FileManager.default.contents(atPath: "\(out)/card.txt")!, as: UTF8.self)
                == "Level 5\nUp a level 🎉\nhttps://example.com\n#levelup\n"
        )
        let manifest =
            try JSONSerialization.jsonObject(with: FileManager.default.contents(atPath: "\(out)/card.share.json")!)
            as! [String: Any]
        #expect(manifest["files"] as? [String] == ["card.png", "card.txt"])
        #expect(manifest["kind"] as? String == "level-up")
        #expect(manifest["link"] as? String == "https://example.com")
        #expect(receipt.locations == ["\(out)/card.png", "\(out)/card.txt", "\(out)/card.share.json"])
    }

    @Test func neverOverwritesAndTheManifestNamesTheRealFiles() async throws {
        let content = ShareContent(
            text: "one",
            attachments: [.bytes(Self.payload(100, seed: 1), mimeType: "image/png", fileName: "card.png")]
        )
        _ = try await export(content)
        var second = content
        second.attachments = [.bytes(Self.payload(100, seed: 2), mimeType: "image/png", fileName: "card.png")]
        _ = try await export(second)
        #expect(
            folder.names(in: "out") == [
                "card-1.png", "card-1.share.json", "card-1.txt", "card.png", "card.share.json", "card.txt",
            ]
        )
        _ = try await export(second)
        #expect(
            folder.names(in: "out").filter { $0.hasPrefix("card-2") } == [
                "card-2.png", "card-2.share.json", "card-2.txt",
            ]
        )
        #expect(FileManager.default.contents(atPath: "\(out)/card.png") == Self.payload(100, seed: 1))
        #expect(FileManager.default.contents(atPath: "\(out)/card-1.png") == Self.payload(100, seed: 2))
        let manifest =
            try JSONSerialization.jsonObject(with: FileManager.default.contents(atPath: "\(out)/card-1.share.json")!)
            as! [String: Any]
        #expect(manifest["files"] as? [String] == ["card-1.png", "card-1.txt"])
    }

    @Test(arguments: [
        "../escape.png", "/etc/passwd", "a/b.png", "..", ".", "", "nul\u{0}.png", "line\nbreak.png", ".sharevia-tmp-x",
    ])
    func refusesNamesThatEscapeTheFolder(name: String) async throws {
        let content = ShareContent(attachments: [.bytes(Data("x".utf8), mimeType: "image/png", fileName: name)])
        let error = #expect(throws: ShareError.self) { try destination().prepare(ShareRequest(content: content)) }
        #expect(error?.code == .badInput)
        #expect(error?.message.contains("give the attachment a plain file name") == true)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/escape.png"))
    }

    @Test func unsafeNamesAreRefusedAtDeliveryToo() async throws {
        // A prepared share edited after prepare must not get past deliver.
        var prepared = try destination().prepare(
            ShareRequest(
                content: ShareContent(attachments: [.bytes(Data("x".utf8), mimeType: "image/png", fileName: "ok.png")])
            )
        )
        var plan = try #require(prepared.plan as? ExportPlan)
        plan.attachmentNames = plan.attachmentNames.map { _ in "../evil.png" }
        prepared.plan = plan
        await #expect(throws: ShareError.self) { try await destination().deliver(prepared) }
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/evil.png"))
    }

    @Test func neverFollowsAPlantedSymlink() async throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let victim = "\(folder.path)/victim.png"
        try folder.write(Data("original".utf8), named: "victim.png")
        try FileManager.default.createSymbolicLink(atPath: "\(out)/card.png", withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(
            atPath: "\(out)/card.txt",
            withDestinationPath: "\(folder.path)/dangling"
        )
        _ = try await export(
            ShareContent(
                text: "hi",
                attachments: [.bytes(Data("new".utf8), mimeType: "image/png", fileName: "card.png")]
            )
        )
        #expect(folder.read("victim.png") == Data("original".utf8))
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/dangling"))
        #expect(FileManager.default.contents(atPath: "\(out)/card-1.png") == Data("new".utf8))
        #expect(FileManager.default.contents(atPath: "\(out)/card-1.txt") == Data("hi\n".utf8))
    }

    @Test func aFailedFileRemovesTheFilesAlreadyWrittenAndLeavesNoTemporaryFile() async throws {
        try folder.write(Self.pngSignature + Data("first".utf8), named: "first.png")
        try folder.write(Self.pngSignature + Data("second".utf8), named: "second.png")
        let content = ShareContent(attachments: [
            try ShareAttachment.file("\(folder.path)/first.png"), try ShareAttachment.file("\(folder.path)/second.png"),
        ])
        let destination = destination()
        let prepared = try destination.prepare(ShareRequest(content: content))
        try FileManager.default.removeItem(atPath: "\(folder.path)/second.png")
        let error = await #expect(throws: ShareError.self) { try await destination.deliver(prepared) }
        #expect(error?.message.contains("second.png") == true)
        #expect(folder.names(in: "out") == [])
    }

    @Test func aCancelledExportWritesNothing() async throws {
        let destination = destination()
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hi")))
        let result = await destination.deliverInCancelledTask(prepared)
        #expect(throws: ShareError.self) { try result.get() }
        #expect(folder.names(in: "out") == [])
    }

    @Test func defaultFolderFollowsXDGThenHome() async throws {
        let xdg = FileExportDestination(environment: ShareEnvironment(["XDG_DATA_HOME": "/data", "HOME": "/home/me"]))
        #expect(await xdg.availability().reason == "default folder /data/sharevia/shares")
        let home = FileExportDestination(environment: ShareEnvironment(["HOME": "/home/me"]))
        #expect(await home.availability().reason == "default folder /home/me/.local/share/sharevia/shares")
        let none = FileExportDestination(environment: ShareEnvironment([:]))
        #expect(await none.availability().isAvailable == false)
        let configured = try FileExportDestination(
            configuration: .init(directory: "/tmp/o"),
            environment: ShareEnvironment(["HOME": "/home/me"])
        ).prepare(ShareRequest(content: ShareContent(text: "x")))
        #expect(configured[field: "directory"] == "/tmp/o")
    }

    /// What email prepared, as the file export's dry run shows it in `email-draft-share`.
    struct KeptEmail: Decodable, Equatable {
        var fields: [PreparedShare.Field]
        var text: String?
        var attachments: [ShareAttachment]
    }

    @Test func theExportKeepsTheEmailPlanTypedAndShowsWhatEmailPrepared() throws {
        let card = ShareAttachment.bytes(Self.pngSignature, mimeType: "image/png", fileName: "card.png")
        let content = ShareContent(title: "Streak", text: "7 days", attachments: [card])
        let email = try EmailDestination(
            configuration: .init(from: "me@example.org", to: ["friend@example.org"]),
            environment: ShareEnvironment(["HOME": folder.path])
        ).prepare(ShareRequest(content: content))
        let prepared = try destination().prepare(ShareRequest(content: content, undelivered: [email]))

        let plan = try prepared.plan(as: ExportPlan.self, for: "file")
        #expect(plan.keptDrafts.map(\.name) == ["card.eml"])
        #expect(plan.keptDrafts.first?.email == (email.plan as? EmailPlan))
        #expect(prepared.summary.hasPrefix("file: 4 file(s) into "))
        #expect(prepared.notes.first?.hasPrefix("keeps the message email did not deliver as card.eml") == true)

        #expect(Array(prepared.fields.suffix(2).map(\.name)) == ["email-draft", "email-draft-share"])
        #expect(prepared[field: "email-draft"] == "card.eml")
        let json = try #require(prepared[field: "email-draft-share"])
        let shown = try JSONDecoder().decode(KeptEmail.self, from: Data(json.utf8))
        #expect(shown == KeptEmail(fields: email.fields, text: email.text, attachments: email.attachments))
    }

    @Test func aShareWithoutAnEmailPlanKeepsNoDraft() throws {
        let other = PreparedShare(destination: "email", summary: "not email's plan", text: "x")
        let prepared = try destination().prepare(ShareRequest(content: ShareContent(text: "x"), undelivered: [other]))
        #expect(try prepared.plan(as: ExportPlan.self, for: "file").keptDrafts.isEmpty)
        #expect(prepared[field: "email-draft"] == nil)
    }

    @Test func refusesAFolderThatIsAFile() async throws {
        try folder.write(Data(), named: "out")
        let error = await #expect(throws: ShareError.self) { try await export(ShareContent(text: "x")) }
        #expect(error?.message.contains("is not a folder") == true)
    }

    @Test func conforms() async throws {
        let out = self.out
        let failures = await DestinationConformance(destination(), deliverSample: true) {
            ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).count
        }.run()
        #expect(failures.isEmpty, "\(failures)")
    }
}

@Suite struct UTCTimestampTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"), (1_800_000_000.9, "2027-01-15T08:00:00Z"), (951_782_400, "2000-02-29T00:00:00Z"),
    ])
    func formatsUTC(seconds: Double, expected: String) {
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: seconds)) == expected)
    }
}
