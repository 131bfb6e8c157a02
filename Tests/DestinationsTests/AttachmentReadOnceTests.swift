import Clipboard
import Destinations
import Foundation
import ShareCore
import Synchronization
import TestSupport
import Testing

/// Issue 24: each attachment is read once per share. The default chain of `--to instagram`
/// (Instagram, the clipboard, the file export) reads the image through the attachment's reader,
/// which this test counts. Its path does not exist, so a destination that went around the
/// reader to the file would fail the share instead of delivering it.
@Suite(.serialized) struct AttachmentReadOnceTests {
    let folder = TemporaryFolder("read-once")

    /// The example card behind a counting reader, attached by a path that does not exist.
    struct CountedCard {
        let bytes: Data
        let reader: CountingReader
        let attachment: ShareAttachment

        init() throws {
            bytes = try Data(contentsOf: URL(fileURLWithPath: PackageRoot.exampleCard))
            reader = CountingReader(bytes)
            attachment = ShareAttachment(
                source: .file(path: "/nonexistent/sharevia-read-once/card.png"),
                mimeType: "image/png",
                fileName: "card.png",
                reader: reader
            )
        }

        /// Whether `message` (an .eml) carries the card.
        func isCarried(by message: String) -> Bool { message.contains(String(bytes.base64EncodedString().prefix(76))) }
    }

    /// No tools on the PATH, a home of its own.
    var environment: ShareEnvironment { ShareEnvironment(["HOME": folder.path, "PATH": "/nonexistent"]) }

    /// Instagram, which checks and lays out the image, then fails to write its bundle: its
    /// folder is under a regular file.
    func instagramThatCannotWrite() throws -> InstagramDestination {
        let blocker = try folder.write(Data("not a folder".utf8), named: "blocker")
        return InstagramDestination(
            configuration: .init(appID: "1234567890", outputDirectory: blocker + "/bundle"),
            environment: environment
        )
    }

    /// An email destination that writes a draft into `mail`.
    func emailDraft() -> EmailDestination {
        EmailDestination(
            configuration: .init(
                from: "me@example.org",
                to: ["friend@example.org"],
                outputDirectory: folder.file("mail")
            ),
            environment: environment
        )
    }

    /// Shares `card` (with `text`) through `destinations`, down `chain` (by default, in their order).
    func share(
        _ card: CountedCard,
        text: String = "",
        through destinations: [any ShareDestination],
        via chain: FallbackChain? = nil
    ) async throws -> ShareReport {
        try await ShareRouter(registry: try DestinationRegistry(destinations)).share(
            ShareContent(text: text, attachments: [card.attachment]),
            via: chain ?? FallbackChain(destinations.map(\.descriptor.id))
        )
    }

    /// The .eml among the receipt's locations, read.
    func draft(of report: ShareReport) throws -> String {
        let path = try #require(report.receipt?.locations.first { $0.hasSuffix(".eml") })
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aShareThatFallsBackDownTheChainReadsTheImageOnce() async throws {
        let card = try CountedCard()
        // Instagram fails to write its bundle; the clipboard has no display; the file export
        // copies the image.
        let report = try await share(
            card,
            through: [
                try instagramThatCannotWrite(), ClipboardDestination(environment: environment),
                FileExportDestination(configuration: .init(directory: folder.file("out")), environment: environment),
            ],
            via: .default(for: .instagram)
        )
        #expect(report.attempts.map(\.destination) == [.instagram, .clipboard, .file], "\(report)")
        #expect(report.deliveredBy == .file, "\(report)")
        #expect(FileManager.default.contents(atPath: folder.file("out/card.png")) == card.bytes)
        #expect(card.reader.reads == 1, "the image was read \(card.reader.reads) times")
    }

    @Test func anEmailAfterInstagramTakesTheBytesInstagramRead() async throws {
        let card = try CountedCard()
        let report = try await share(card, text: "Here", through: [try instagramThatCannotWrite(), emailDraft()])
        #expect(report.deliveredBy == .email, "\(report)")
        #expect(card.isCarried(by: try draft(of: report)), "the draft carries the card")
        #expect(card.reader.reads == 1, "the image was read \(card.reader.reads) times")
    }

    /// `--to email,file` with a server that refuses the message: email streams the image through
    /// its reader, the file export copies it and keeps the email's draft, all from that one read.
    @Test func anEmailThatFailsFirstHandsItsReadToTheFileExport() async throws {
        try await SMTPTestServer.with(SMTPTestServer.Options(mode: .reject)) { server in
            let card = try CountedCard()
            let report = try await share(
                card,
                text: "Here",
                through: [
                    EmailDestination(
                        configuration: .init(smtp: server.url, from: "me@example.org", to: ["friend@example.org"]),
                        environment: environment
                    ),
                    FileExportDestination(
                        configuration: .init(directory: folder.file("out")),
                        environment: environment
                    ),
                ]
            )
            #expect(report.attempts.map(\.destination) == [.email, .file], "\(report)")
            #expect(report.deliveredBy == .file, "\(report)")
            let refusal = report.attempts.first?.reason ?? ""
            #expect(refusal.contains("550"), "the server refused the message, not the file: \(refusal)")
            #expect(FileManager.default.contents(atPath: folder.file("out/card.png")) == card.bytes)
            let kept = try #require(folder.names(in: "out").first { $0.hasSuffix(".eml") })
            let message = try String(contentsOfFile: folder.file("out/\(kept)"), encoding: .utf8)
            #expect(card.isCarried(by: message), "the kept draft carries the card")
            #expect(card.reader.reads == 1, "the image was read \(card.reader.reads) times")
        }
    }

    /// An email draft of a file whose reader is not the file system: no path to open, and still
    /// the card in the message.
    @Test func anEmailDraftReadsThroughTheAttachmentsReader() async throws {
        let card = try CountedCard()
        let report = try await share(card, text: "Here", through: [emailDraft()])
        #expect(report.deliveredBy == .email, "\(report)")
        #expect(card.isCarried(by: try draft(of: report)), "the draft carries the card")
        #expect(card.reader.reads == 1, "the image was read \(card.reader.reads) times")
    }

    @Test func aFileLargerThanWhatIsKeptStreamsEachTime() throws {
        let reader = CountingReader(Data(count: 16), reportedSize: ShareAttachment.memoryByteLimit + 1)
        let attachment = ShareAttachment(
            source: .file(path: "/nonexistent/big.bin"),
            mimeType: "application/octet-stream",
            fileName: "big.bin",
            reader: reader
        )
        for _ in 0..<2 {
            try attachment.forEachChunk(limit: ShareAttachment.fileByteLimit, rule: "the test's limit") { _ in }
        }
        #expect(reader.reads == 2, "a file over the memory limit is streamed, not held")
    }
}

/// An attachment reader that serves bytes from memory and counts the reads.
final class CountingReader: AttachmentReader {
    private let bytes: Data
    private let reportedSize: Int?
    private let count = Mutex(0)

    init(_ bytes: Data, reportedSize: Int? = nil) {
        self.bytes = bytes
        self.reportedSize = reportedSize
    }

    /// How many times the bytes were read.
    var reads: Int { count.withLock { $0 } }

    var byteCount: Int? { reportedSize ?? bytes.count }

    func read(
        limit: Int,
        rule: String,
        isCancelled: () -> Bool,
        _ body: (UnsafeRawBufferPointer) throws(ShareError) -> Void
    ) throws(ShareError) {
        count.withLock { $0 += 1 }
        guard bytes.count <= limit else {
            throw ShareError(.contentRejected, message: "card.png holds more than \(limit) bytes (\(rule))")
        }
        let result: Result<Void, ShareError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(ShareError) in try body(buffer) }
        }
        try result.get()
    }
}
