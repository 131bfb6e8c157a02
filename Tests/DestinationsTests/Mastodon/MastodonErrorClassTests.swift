import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// One test per error class of a Mastodon post: what the report says, and whether the router
/// retries, moves on, or reports an unknown outcome.
@Suite struct MastodonErrorClassTests {
    typealias Script = MastodonServerScript

    /// The error `deliver` throws when the server answers `statuses` (and `media`).
    static func failure(
        statuses: [HTTPTestServer.Answer]? = nil,
        media: [HTTPTestServer.Answer]? = nil,
        timeout: Duration = .seconds(10)
    ) async throws -> (ShareError, [HTTPTestServer.Received]) {
        try await timedFailure(statuses: statuses, media: media, timeout: timeout).0
    }

    /// ``failure(statuses:media:timeout:)`` and how long `deliver` took.
    static func timedFailure(
        statuses: [HTTPTestServer.Answer]? = nil,
        media: [HTTPTestServer.Answer]? = nil,
        timeout: Duration = .seconds(10)
    ) async throws -> ((ShareError, [HTTPTestServer.Received]), Duration) {
        try await HTTPTestServer.with(.init(routes: Script.routes(statuses: statuses, media: media))) { server in
            let destination = Script.destination(server, folder: TemporaryFolder("mastodon-error"), timeout: timeout)
            let prepared = try destination.prepare(ShareRequest(content: Script.content()))
            let result: Result<DeliveryReceipt, ShareError>
            let clock = ContinuousClock()
            let start = clock.now
            do throws(ShareError) {
                result = .success(try await destination.deliver(prepared))
            } catch {
                result = .failure(error)
            }
            let took = clock.now - start
            switch result {
            case .success(let receipt):
                Issue.record("delivered: \(receipt)")
                throw CancellationError()
            case .failure(let error):
                let received = server.received
                try Script.check(received)
                #expect(!"\(error) \(error.detailedDescription)".contains(Script.canary))
                return ((error, received), took)
            }
        }
    }

    @Test func a401IsPermanentAndSaysToSignInAgain() async throws {
        let (error, _) = try await Self.failure(statuses: [
            .status(401, json: #"{"error":"The access token is invalid"}"#)
        ])
        #expect(error.code == .permanent && error.detail?.code == .signInAgain)
        #expect(error.message.contains("sign in again") && error.message.contains("SHAREVIA_MASTODON_TOKEN"))
        #expect(error.message.contains("\"The access token is invalid\""))
    }

    @Test func a422IsPermanentAndQuotesTheServer() async throws {
        let said = "Validation failed: Text character limit of 500 exceeded"
        let (error, _) = try await Self.failure(statuses: [.status(422, json: "{\"error\":\"\(said)\"}")])
        #expect(error.code == .permanent && error.detail?.code == .rejectedByServer)
        #expect(error.message.contains("\"\(said)\""))
    }

    @Test func a413IsPermanentAndNamesTheLimit() async throws {
        let (error, received) = try await Self.failure(media: [.status(413)])
        #expect(error.code == .permanent && error.detail?.code == .overLimit)
        #expect(error.message.contains("16777216 bytes (the instance's image_size_limit)"))
        #expect(!received.contains { $0.path == "/api/v1/statuses" })
    }

    @Test func a429IsTransientWithTheResetInUTCAndSeconds() async throws {
        let reset = Date(timeIntervalSinceNow: 120)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let (error, _) = try await Self.failure(statuses: [
            .status(
                429,
                json: #"{"error":"Too many requests"}"#,
                headers: ["X-RateLimit-Reset": formatter.string(from: reset)]
            )
        ])
        #expect(error.code == .transient && error.detail?.code == .rateLimited)
        #expect(error.message.contains("the limit resets at ") && error.message.contains(" s)"))
        #expect(error.detail?.value?.hasSuffix("Z") == true)
        let wait = try #require(error.retryAfter)
        #expect(wait > .seconds(60) && wait <= .seconds(121))
    }

    @Test func a500IsTransient() async throws {
        let (error, _) = try await Self.failure(statuses: [.status(500, json: #"{"error":"Oops"}"#)])
        #expect(error.code == .transient)
        #expect(error.message.contains("answered 500"))
    }

    @Test func aRefusedConnectionIsTransient() async throws {
        // A port nothing listens on: the server of a finished test.
        let port = try await HTTPTestServer.with { $0.port }
        let destination = MastodonDestination(
            configuration: .init(instance: "http://127.0.0.1:\(port)", token: Secret(Script.canary)),
            environment: Script.environment(TemporaryFolder("mastodon-refused"))
        )
        let prepared = try destination.prepare(ShareRequest(content: Script.content()))
        await #expect {
            try await destination.deliver(prepared)
        } throws: { error in
            let error = error as! ShareError
            return error.code == .transient && error.message.contains("nothing was sent")
        }
    }

    @Test func aStallAfterTheStatusIsSentIsAnUnknownOutcomeNamingTheKey() async throws {
        // The server never answers the status, so `deliver` ends only by its own deadline: the
        // delivery budget, which ends before the router's timeout (DeliveryBudgetTests). A
        // timeout long enough that a loaded machine still uploads the card before it.
        let timeout = Duration.seconds(8)
        let ((error, received), took) = try await Self.timedFailure(statuses: [.stall()], timeout: timeout)
        #expect(took >= DeliveryBudget.within(timeout) - .milliseconds(50), "it waited for the answer")
        #expect(error.code == .outcomeUnknown && error.detail?.code == .noAnswer)
        #expect(error.message.contains("may have been carried out"))
        #expect(error.message.contains("the Idempotency-Key header (sharevia-"))
        #expect(received.filter { $0.path == "/api/v1/statuses" }.count == 1)
    }

    @Test func aStallAfterTheUploadIsSentIsTransientSinceNothingWasPosted() async throws {
        let (error, received) = try await Self.failure(media: [.stall()], timeout: .seconds(8))
        #expect(error.code == .transient)
        #expect(error.message.contains("nothing was posted"))
        #expect(!received.contains { $0.path == "/api/v1/statuses" })
    }
}
