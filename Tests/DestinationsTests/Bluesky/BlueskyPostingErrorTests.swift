import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// One test per error class of a Bluesky post, as the router and a later outbox need them: what
/// is permanent (and what to do), what is transient (and when to retry), and what is unknown.
/// No error message holds a token, even one the server echoes back.
@Suite struct BlueskyPostingErrorTests {
    static let request = ShareRequest(content: ShareContent(text: "hello"), options: BlueskyTestPDS.options)

    /// The error of posting `request` to a PDS whose createRecord (or `path`) answers `answer`.
    static func error(
        _ answer: HTTPTestServer.Answer,
        at path: String = BlueskyTestPDS.createPath,
        request: ShareRequest = request,
        deadline: Duration = .seconds(5)
    ) async throws -> (ShareError, [HTTPTestServer.Received]) {
        try await HTTPTestServer.with(.init(routes: [path: [answer]])) { server in
            let destination = try BlueskyTestPDS.destination(server, deadline: deadline)
            let prepared = try destination.prepare(request)
            let error = try await #require(throws: ShareError.self) { try await destination.deliver(prepared) }
            #expect(!error.message.contains("canary"), "\(error.message)")
            #expect(!error.detailedDescription.contains("canary"))
            return (error, server.received)
        }
    }

    @Test func a401SaysToSignInAgainWithoutEchoingTheToken() async throws {
        let answer = BlueskyTestPDS.error(401, "AuthRequired", "Bad token \(BlueskyTestPDS.accessCanary)")
        let (error, _) = try await Self.error(answer)
        #expect(error.code == .permanent)
        #expect(error.detail?.code == .signInAgain)
        #expect(error.message.contains("sign in again"))
        #expect(error.message.contains("Bad token <redacted>"))
    }

    @Test func aLexiconErrorIsPermanentAndQuotesTheServer() async throws {
        let message = "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes"
        let (error, _) = try await Self.error(BlueskyTestPDS.error(400, "InvalidRequest", message))
        #expect(error.code == .permanent)
        #expect(error.detail?.code == .rejectedByServer)
        #expect(error.message.contains("\"InvalidRequest: \(message)\""), "\(error.message)")
    }

    @Test func a413NamesTheLimit() async throws {
        let folder = TemporaryFolder("bluesky-413")
        let card = try BlueskyTestPDS.card(in: folder)
        let request = ShareRequest(
            content: ShareContent(text: "hi", attachments: [card]),
            options: BlueskyTestPDS.options
        )
        let (error, received) = try await Self.error(
            .status(413, json: #"{"error":"PayloadTooLarge","message":"request entity too large"}"#),
            at: BlueskyTestPDS.uploadPath,
            request: request
        )
        #expect(error.code == .permanent)
        #expect(error.detail?.code == .overLimit)
        #expect(error.message.contains("the limit is 2000000 bytes (app.bsky.embed.images)"), "\(error.message)")
        #expect(received.map(BlueskyTestPDS.route) == [BlueskyTestPDS.uploadPath])
    }

    @Test func blobTooLargeNamesTheLimit() async throws {
        let folder = TemporaryFolder("bluesky-blob")
        let card = try BlueskyTestPDS.card(in: folder)
        let request = ShareRequest(
            content: ShareContent(text: "hi", attachments: [card]),
            options: BlueskyTestPDS.options
        )
        let (error, _) = try await Self.error(
            BlueskyTestPDS.error(400, "BlobTooLarge", "This file is too large. It is 2.4MB but the maximum is 1MB."),
            at: BlueskyTestPDS.uploadPath,
            request: request
        )
        #expect(error.code == .permanent)
        #expect(error.detail?.code == .overLimit)
        #expect(error.message.contains("the limit is 2000000 bytes"))
        #expect(error.message.contains("the maximum is 1MB"))
    }

    @Test func a429GivesTheResetAsUTCTimeAndSeconds() async throws {
        let reset = String(Int(BlueskyTestPDS.now.secondsSince1970) + 120)
        let (error, _) = try await Self.error(
            BlueskyTestPDS.error(429, "RateLimitExceeded", "Rate Limit Exceeded", headers: ["ratelimit-reset": reset])
        )
        #expect(error.code == .transient)
        #expect(error.detail?.code == .rateLimited)
        #expect(error.retryAfter == .seconds(120))
        #expect(error.message.contains("resets at 2026-11-25T08:33:21Z (in 120 s)"), "\(error.message)")
    }

    @Test func a500IsTransient() async throws {
        let (error, _) = try await Self.error(BlueskyTestPDS.error(500, "InternalServerError", "Internal Server Error"))
        #expect(error.code == .transient)
    }

    @Test func aRefusedConnectionIsTransient() async throws {
        let destination = try BlueskyTestPDS.destination(origin: "http://127.0.0.1:9")
        let prepared = try destination.prepare(Self.request)
        let error = try await #require(throws: ShareError.self) { try await destination.deliver(prepared) }
        #expect(error.code == .transient)
        #expect(error.message.contains("nothing was sent"), "\(error.message)")
    }

    @Test func aStallAfterSendingIsUnknownAndNamesTheRecordKey() async throws {
        let (error, received) = try await Self.error(.stall(), deadline: .seconds(2))
        #expect(error.code == .outcomeUnknown)
        #expect(error.detail?.code == .noAnswer)
        #expect(error.message.contains("may have been carried out"), "\(error.message)")
        #expect(error.message.contains("the record key \(BlueskyTestPDS.recordKey()) makes a later retry safe"))
        #expect(received.count == 1)
    }
}
