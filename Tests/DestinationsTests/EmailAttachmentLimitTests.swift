import Destinations
import Foundation
import LocalFiles
import ShareCore
import Synchronization
import TestSupport
import Testing

/// Email attachments are streamed, never held whole, and capped (25 MiB by default) while they
/// are read: a file over the cap is refused in `prepare` naming it, an endless input stops at
/// the cap, and nothing is left in the share folder. Serialized: it starts Python.
@Suite(.serialized) struct EmailAttachmentLimitTests {
    let folder = TemporaryFolder("email-limit")
    static let stamp = MessageStamp(secondsSince1970: 1_736_240_700, token: "0123456789abcdef0123456789abcdef")

    func destination(limit: Int?, smtp: String? = nil) -> EmailDestination {
        EmailDestination(
            configuration: EmailDestination.Configuration(
                smtp: smtp,
                from: "me@example.org",
                to: ["friend@example.org"],
                outputDirectory: folder.file("out"),
                attachmentLimit: limit
            ),
            environment: ShareEnvironment(["HOME": folder.path]),
            stamp: { _ in Self.stamp }
        )
    }

    static func request(_ attachment: ShareAttachment) -> ShareRequest {
        ShareRequest(content: ShareContent(text: "Here", attachments: [attachment]))
    }

    /// The files in the draft folder, temporary ones included.
    var leftovers: [String] { folder.names(in: "out") }

    /// The summary gives the message's size as the message's, not as the attachment's (issue 23
    /// saw "with card.png (45065 bytes)" for a 32,534-byte card).
    @Test func theSummaryNamesTheMessageSizeAsTheMessages() throws {
        let cardBytes = try #require(
            FileManager.default.attributesOfItem(atPath: PackageRoot.exampleCard)[.size] as? Int
        )
        let summary = try destination(limit: nil).prepare(Self.request(try .file(PackageRoot.exampleCard))).summary
        #expect(summary.contains("with card.png; message "), "\(summary)")
        #expect(!summary.contains("(\(cardBytes) bytes)"), "\(summary)")
        let messageBytes = try #require(summary.split(separator: " ").dropLast().last.flatMap { Int($0) })
        #expect(messageBytes > cardBytes, "\(summary)")
    }

    @Test func theDefaultLimitIs25MiB() {
        #expect(EmailDestination.Configuration().effectiveAttachmentLimit == 26_214_400)
        #expect(EmailDestination.Configuration(attachmentLimit: 1000).effectiveAttachmentLimit == 1000)
    }

    @Test func aFileOverTheLimitIsRefusedInPrepareNamingItTheLimitAndTheFix() throws {
        let destination = destination(limit: 10_000)
        let error = try #require(throws: ShareError.self) {
            try destination.prepare(Self.request(try .file(PackageRoot.exampleCard)))
        }
        #expect(error.code == .contentRejected)
        #expect(error.message.contains(PackageRoot.exampleCard), "\(error.message)")
        #expect(error.message.contains("at most 0.0095367431640625 MiB (10000 bytes)"), "\(error.message)")
        #expect(error.detail?.code == .overLimit)
        #expect(error.detail?.setting == "attachmentLimit")
        #expect(error.detail?.value == "10000")
        #expect(leftovers.isEmpty)
    }

    @Test func anEndlessInputStopsAtTheLimitWithNothingLeftBehind() async throws {
        let destination = destination(limit: 1_048_576)
        let zero = ShareAttachment(
            source: .file(path: "/dev/zero"),
            mimeType: "application/octet-stream",
            fileName: "zero.bin"
        )
        let prepared = try destination.prepare(Self.request(zero))
        #expect(prepared[field: "size"]?.hasPrefix("over ") == true, "a device has no size: \(prepared.fields)")
        let clock = ContinuousClock()
        let started = clock.now
        let error = try await #require(throws: ShareError.self) { try await destination.deliver(prepared) }
        #expect(clock.now - started < .seconds(20))
        #expect(error.code == .contentRejected)
        #expect(error.message.contains("at most 1 MiB (1048576 bytes)"), "\(error.message)")
        #expect(error.message.contains("/dev/zero passed it while being read"), "\(error.message)")
        #expect(leftovers.isEmpty, "no .eml and no temporary file: \(leftovers)")
    }

    @Test func anEndlessInputStopsAtTheLimitBeforeTheServerGetsAMessage() async throws {
        try await SMTPTestServer.with { server in
            let destination = destination(limit: 1_048_576, smtp: server.url)
            let zero = ShareAttachment(
                source: .file(path: "/dev/zero"),
                mimeType: "application/octet-stream",
                fileName: "zero.bin"
            )
            let error = try await #require(throws: ShareError.self) {
                try await destination.deliver(try destination.prepare(Self.request(zero)))
            }
            #expect(error.code == .contentRejected, "\(error)")
            #expect(error.message.contains("/dev/zero passed it while being read"), "\(error.message)")
            #expect(server.messagePaths.isEmpty, "the aborted upload was not accepted")
        }
    }

    /// An endless input behind a reader (no file to open) stops at the limit too, and the
    /// reader is stopped a chunk or two after it.
    @Test func anEndlessReaderStopsAtTheLimitWithNothingLeftBehind() async throws {
        let destination = destination(limit: 1_048_576)
        let reader = EndlessReader()
        let endless = ShareAttachment(
            source: .file(path: "/nonexistent/endless.bin"),
            mimeType: "application/octet-stream",
            fileName: "endless.bin",
            reader: reader
        )
        let error = try await #require(throws: ShareError.self) {
            try await destination.deliver(try destination.prepare(Self.request(endless)))
        }
        #expect(error.code == .contentRejected, "\(error)")
        #expect(error.message.contains("/nonexistent/endless.bin passed it while being read"), "\(error.message)")
        #expect(reader.bytesGiven <= 1_048_576 + 3 * EndlessReader.chunk, "the reader read on: \(reader.bytesGiven)")
        #expect(leftovers.isEmpty, "no .eml and no temporary file: \(leftovers)")
    }

    /// A reader that fails after some bytes fails the message: its short last chunk is not taken
    /// for the end, so no draft is cut inside the attachment.
    @Test func aReaderThatFailsMidwayFailsTheMessage() async throws {
        let destination = destination(limit: nil)
        let failing = ShareAttachment(
            source: .file(path: "/nonexistent/failing.bin"),
            mimeType: "application/octet-stream",
            fileName: "failing.bin",
            reader: EndlessReader(failingAfter: 100_000)
        )
        let error = try await #require(throws: ShareError.self) {
            try await destination.deliver(try destination.prepare(Self.request(failing)))
        }
        #expect(error.code == .badInput, "\(error)")
        #expect(error.message.contains("the disk went away"), "\(error.message)")
        #expect(leftovers.isEmpty, "no .eml and no temporary file: \(leftovers)")
    }

    /// Several chunks of 57 KiB with a short last one: the streamed draft is the in-memory
    /// writer's bytes, and Python reads the file back byte-identical.
    @Test func aStreamedDraftOfAFileOfManyChunksIsExact() async throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<(57 * 1024 * 5 + 1234)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = try folder.write(bytes, named: "data.bin")
        let destination = destination(limit: nil)
        let receipt = try await destination.deliver(
            try destination.prepare(Self.request(try .file(path, mimeType: "application/octet-stream")))
        )
        let draft = try #require(receipt.locations.first)
        #expect(draft.hasSuffix("/data.eml"))
        let prepared = try destination.prepare(Self.request(try .file(path, mimeType: "application/octet-stream")))
        let size = try Data(contentsOf: URL(fileURLWithPath: draft)).count
        #expect(prepared[field: "size"] == "\(size) bytes", "prepare's size is exact")
        let report = try await MailCheck.report(draft)
        #expect(report.defects.isEmpty, "\(report.defects)")
        #expect(report.files.first?["sha256"] as? String == (try await MailCheck.sha256(path)))
        #expect(report.longestLine <= 76)
        #expect(leftovers == ["data.eml"], "no temporary file left: \(leftovers)")

        let inMemory = try MailMessageWriter().write(
            MailMessage(
                from: try MailAddress(parsing: "me@example.org", field: "From"),
                to: [try MailAddress(parsing: "friend@example.org", field: "To")],
                subject: "Here",
                text: "Here\n",
                attachments: [MailAttachment(fileName: "data.bin", mimeType: "application/octet-stream", bytes: bytes)]
            ),
            stamp: Self.stamp
        )
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: draft))) == inMemory)
    }
}

/// A reader that never ends: chunks of zeros up to the limit (the last one short), then the
/// error of the byte after it; or cancellation, or what `body` throws.
final class EndlessReader: AttachmentReader {
    static let chunk = 64 << 10
    private let given = Mutex(0)
    /// Where it fails as a broken disk would; nil never.
    private let failingAfter: Int?

    init(failingAfter: Int? = nil) { self.failingAfter = failingAfter }

    /// The bytes passed to `body` so far.
    var bytesGiven: Int { given.withLock { $0 } }

    var byteCount: Int? { nil }

    func read(
        limit: Int,
        rule: String,
        isCancelled: () -> Bool,
        _ body: (UnsafeRawBufferPointer) throws(ShareError) -> Void
    ) throws(ShareError) {
        let zeros = [UInt8](repeating: 0, count: Self.chunk)
        while true {
            if isCancelled() { throw ShareError(.cancelled, message: "cancelled") }
            if let failingAfter, bytesGiven >= failingAfter {
                throw ShareError(.badInput, message: "endless.bin can't be read: the disk went away")
            }
            let size = min(Self.chunk, limit - bytesGiven, (failingAfter ?? .max) - bytesGiven)
            guard size > 0 else {
                throw ShareError(.contentRejected, message: "endless.bin holds more than \(limit) bytes (\(rule))")
            }
            given.withLock { $0 += size }
            let result: Result<Void, ShareError> = zeros.withUnsafeBytes { buffer in
                Result { () throws(ShareError) in try body(UnsafeRawBufferPointer(rebasing: buffer[..<size])) }
            }
            try result.get()
        }
    }
}
