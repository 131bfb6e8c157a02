import Destinations
import Foundation
import LocalFiles
import ShareCore
import TestSupport
import Testing

/// A share's message takes its `Date` and `Message-ID` from the share's id: every attempt and
/// every resend of one share is the same message, byte for byte, in the SMTP server (aiosmtpd on
/// loopback), in a draft, and in the `.eml` the file export keeps when the share falls back to it;
/// two shares never share a Message-ID. Serialized: each case starts Python.
@Suite(.serialized) struct EmailMessageIDTests {
    let folder = TemporaryFolder("email-message-id")
    static let share = ShareID(microseconds: 1_795_693_512_123_456, nonce: 0x9f2c_4e1a_0b7d_3c55)

    static func request(_ id: ShareID = share) throws -> ShareRequest {
        ShareRequest(
            content: ShareContent(
                title: "Seven days",
                text: "Seven days in a row",
                attachments: [try .file(PackageRoot.exampleCard)]
            ),
            options: ShareOptions(id: id)
        )
    }

    /// Email with the default stamp (from the share's id), through `smtp`, or as a draft.
    func email(smtp: String? = nil, out: String = "drafts") -> EmailDestination {
        EmailDestination(
            configuration: EmailDestination.Configuration(
                smtp: smtp,
                from: "Sharevia Test <me@example.org>",
                to: ["friend@example.org"],
                subject: "Seven days",
                timeout: .seconds(20),
                outputDirectory: folder.file(out)
            ),
            environment: ShareEnvironment(["HOME": folder.path])
        )
    }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func theStampComesFromTheSharesIdAndItsTime() {
        let stamp = MessageStamp(share: Self.share)
        #expect(stamp.token == "0006612c79ea64409f2c4e1a0b7d3c55")
        #expect(stamp.secondsSince1970 == 1_795_693_512)
        #expect(stamp.date == MessageStamp(secondsSince1970: 1_795_693_512, token: "").date)
        #expect(stamp.messageID(domain: "example.org") == "<1795693512.0006612c79ea64409f2c4e1a0b7d3c55@example.org>")
        // Shares made in the same microsecond differ by their nonce, and the same nonce at
        // another time differs by the time.
        let sameTime = MessageStamp(share: ShareID(microseconds: Self.share.microseconds, nonce: 1))
        let sameNonce = MessageStamp(share: ShareID(microseconds: 1, nonce: Self.share.nonce))
        #expect(Set([stamp.token, sameTime.token, sameNonce.token]).count == 3)
    }

    @Test func twoPreparesOfOneShareWriteTheSameMessage() async throws {
        let email = email()
        let first = try await email.deliver(try email.prepare(try Self.request()))
        let again = try await email.deliver(try email.prepare(try Self.request()))
        let paths = [try #require(first.locations.first), try #require(again.locations.first)]
        #expect(paths[0] != paths[1], "two drafts: \(paths)")
        #expect(try bytes(paths[0]) == (try bytes(paths[1])))
        let reports = try await MailCheck.reports(paths)
        #expect(reports.count == 2)
        #expect(reports.first?.messageID == "<1795693512.0006612c79ea64409f2c4e1a0b7d3c55@example.org>")
        #expect(reports.first?.messageID == reports.last?.messageID)
        #expect(reports.first?.json["date"] as? String == "Thu, 26 Nov 2026 11:45:12 +0000")
    }

    @Test func twoSharesNeverShareAMessageID() async throws {
        let email = email()
        var ids: [String] = []
        for share in [Self.share, ShareID.new(), ShareID.new()] {
            let receipt = try await email.deliver(try email.prepare(try Self.request(share)))
            let report = try await MailCheck.report(try #require(receipt.locations.first))
            ids.append(try #require(report.messageID))
        }
        #expect(Set(ids).count == 3, "\(ids)")
    }

    @Test func theReceiptNamesTheMessageIDTheServerReceived() async throws {
        try await SMTPTestServer.with { server in
            let email = email(smtp: server.url)
            let receipt = try await email.deliver(try email.prepare(try Self.request()))
            let messageID = "<1795693512.0006612c79ea64409f2c4e1a0b7d3c55@example.org>"
            #expect(receipt.locations == [messageID])
            #expect(receipt.summary.contains("Message-ID \(messageID)"), "\(receipt.summary)")
            let received = try #require(server.messagePaths.first, "\(server.log)")
            #expect((try await MailCheck.report(received)).messageID == messageID)
        }
    }

    /// A 451 (greylisting) leaves the message as a `.eml`; the same share sent again later, as the
    /// outbox does, is received as exactly that message.
    @Test func aResendAfterA451IsTheKeptEml() async throws {
        try await SMTPTestServer.with(.init(mode: .tempfailOnce)) { server in
            var registry = DestinationRegistry()
            try registry.register(email(smtp: server.url))
            try registry.register(
                FileExportDestination(
                    configuration: .init(directory: folder.file("files")),
                    environment: ShareEnvironment(["HOME": folder.path])
                )
            )
            let report = try await ShareRouter(registry: registry, retryPolicy: RetryPolicy(maxAttempts: 1)).share(
                try Self.request().content,
                via: FallbackChain(["email", "file"]),
                options: ShareOptions(id: Self.share)
            )
            let reason = try #require(report.attempts.first?.reason)
            #expect(reason.contains("answered 451") && reason.contains("4.3.0 Try again later"), "\(reason)")
            #expect(report.deliveredBy == "file")
            #expect(server.messagePaths.isEmpty)

            let email = email(smtp: server.url)
            let receipt = try await email.deliver(try email.prepare(try Self.request()))
            #expect(receipt.outcome == .delivered)
            let received = try #require(server.messagePaths.first, "\(server.log)")
            #expect(try bytes(received) == (try bytes(folder.file("files/card.eml"))))
        }
    }

    /// The `.eml` the file export keeps after email could not send is the message email sent when
    /// the server was up: the same bytes, Message-ID and Date included.
    @Test func theKeptEmlIsTheMessageTheServerWouldHaveReceived() async throws {
        let sent = try await SMTPTestServer.with { server in
            let email = email(smtp: server.url)
            _ = try await email.deliver(try email.prepare(try Self.request()))
            return try bytes(try #require(server.messagePaths.first, "\(server.log)"))
        }
        let closedPort = try await SMTPTestServer.with { $0.port }  // the server is gone now
        var registry = DestinationRegistry()
        try registry.register(email(smtp: "smtp://127.0.0.1:\(closedPort)"))
        try registry.register(
            FileExportDestination(
                configuration: .init(directory: folder.file("files")),
                environment: ShareEnvironment(["HOME": folder.path])
            )
        )
        let router = ShareRouter(
            registry: registry,
            retryPolicy: RetryPolicy(maxAttempts: 2, initialBackoff: .milliseconds(20))
        )
        let report = try await router.share(
            try Self.request().content,
            via: FallbackChain(["email", "file"]),
            options: ShareOptions(id: Self.share)
        )
        #expect(report.deliveredBy == "file")
        let kept = folder.file("files/card.eml")
        #expect(try bytes(kept) == sent)
        let summary = try #require(report.receipt?.summary)
        #expect(
            summary.contains(
                "; wrote the email that could not be sent as \(kept) (to friend@example.org), subject \"Seven days\", Message-ID <1795693512.0006612c79ea64409f2c4e1a0b7d3c55@example.org>"
            ),
            "\(summary)"
        )
    }
}
