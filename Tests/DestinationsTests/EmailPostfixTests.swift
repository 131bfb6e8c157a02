import Destinations
import Foundation
import LocalFiles
import ShareCore
import TestSupport
import Testing

/// Refusals from a real Postfix (`scripts/postfix-test.sh`, started by `scripts/test.sh` on
/// loopback): the server's words are quoted, a refused recipient is named and the others still
/// get the message, a 552 names the size limit, a 554 says a login or relay permission may be
/// needed. Enabled by `SHAREVIA_TEST_POSTFIX_PORT`, which `scripts/test.sh` always sets, so a
/// server that is down fails these tests rather than skipping them.
@Suite(.serialized, .enabled(if: PostfixTestServer.isConfigured, "start Postfix with scripts/postfix-test.sh"))
struct EmailPostfixTests {
    let folder = TemporaryFolder("email-postfix")

    func destination(port: Int, to: [String], cc: [String] = [], token: String) -> EmailDestination {
        EmailDestination(
            configuration: EmailDestination.Configuration(
                smtp: PostfixTestServer.url(port),
                from: "Sharevia Test <me@example.org>",
                to: to,
                cc: cc,
                subject: "Postfix test",
                timeout: .seconds(30),
                outputDirectory: folder.file("out")
            ),
            environment: ShareEnvironment(["HOME": folder.path]),
            stamp: { _ in MessageStamp(secondsSince1970: 1_736_240_700, token: token) }
        )
    }

    static var request: ShareRequest {
        get throws {
            ShareRequest(content: ShareContent(text: "A card", attachments: [try .file(PackageRoot.exampleCard)]))
        }
    }

    static func token() -> String { UUID().uuidString.replacing("-", with: "").lowercased() }

    @Test func aRefusedRecipientIsNamedWithTheServersWordsAndTheOthersGetTheMessage() async throws {
        let server = try PostfixTestServer.current()
        let token = Self.token()
        let destination = destination(
            port: server.port,
            to: ["alice@sharevia.test", "nobody@sharevia.test"],
            cc: ["bob@sharevia.test"],
            token: token
        )
        let receipt = try await destination.deliver(try destination.prepare(try Self.request))
        #expect(receipt.outcome == .delivered)
        #expect(
            receipt.summary.contains(
                "accepted the message for alice@sharevia.test, bob@sharevia.test (250 2.0.0 Ok: queued as "
            ),
            "\(receipt.summary)"
        )
        #expect(
            receipt.summary.contains(
                "it refused nobody@sharevia.test (\"550 5.1.1 <nobody@sharevia.test>: Recipient address rejected: User unknown in virtual mailbox table\"): the message did not go to them"
            ),
            "\(receipt.summary)"
        )
        let alice = await server.delivered(to: "alice", containing: token)
        let bob = await server.delivered(to: "bob", containing: token)
        #expect(alice != nil, "alice's Maildir has the message")
        #expect(bob != nil, "bob's Maildir has the message")
    }

    @Test func everyRecipientRefusedFailsQuotingTheServerAndNamingThem() async throws {
        let server = try PostfixTestServer.current()
        let destination = destination(
            port: server.port,
            to: ["nobody@sharevia.test", "ghost@sharevia.test"],
            token: Self.token()
        )
        let prepared = try destination.prepare(try Self.request)
        let error = try await #require(throws: ShareError.self) { try await destination.deliver(prepared) }
        #expect(error.code == .permanent)
        #expect(error.message.contains("refused the message with 550"), "\(error.message)")
        #expect(
            error.message.contains(
                "nobody@sharevia.test (\"550 5.1.1 <nobody@sharevia.test>: Recipient address rejected: User unknown in virtual mailbox table\")"
            ),
            "\(error.message)"
        )
        #expect(error.message.contains("ghost@sharevia.test (\"550 5.1.1 <ghost@sharevia.test>:"), "\(error.message)")
    }

    @Test func a552NamesTheServersSizeLimit() async throws {
        let server = try PostfixTestServer.current()
        let destination = destination(port: server.smallPort, to: ["alice@sharevia.test"], token: Self.token())
        let prepared = try destination.prepare(try Self.request)
        let error = try await #require(throws: ShareError.self) { try await destination.deliver(prepared) }
        #expect(error.code == .permanent)
        #expect(error.message.contains("refused the message with 552"), "\(error.message)")
        #expect(error.message.contains("\"552 5.3.4 Message size exceeds fixed limit\""), "\(error.message)")
        #expect(error.message.contains("the server's limit is 20000 bytes"), "\(error.message)")
        #expect(error.message.contains(/The message is [0-9]+ bytes/))
    }

    @Test func a554SaysALoginOrRelayPermissionMayBeNeeded() async throws {
        let server = try PostfixTestServer.current()
        let destination = destination(port: server.restrictedPort, to: ["alice@sharevia.test"], token: Self.token())
        let prepared = try destination.prepare(try Self.request)
        let error = try await #require(throws: ShareError.self) { try await destination.deliver(prepared) }
        #expect(error.code == .permanent)
        #expect(
            error.message.contains("\"554 5.7.1 <localhost[127.0.0.1]>: Client host rejected: Access denied\""),
            "\(error.message)"
        )
        #expect(error.message.contains("it may need a login (SHAREVIA_SMTP_USER and SHAREVIA_SMTP_PASSWORD"))
        #expect(error.message.contains("permission to relay"))
    }
}
