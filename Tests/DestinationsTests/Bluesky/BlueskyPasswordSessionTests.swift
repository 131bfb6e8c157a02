import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// Sessions from an app password, against a loopback PDS; every request checked against the
/// lexicons, and no secret in any error.
@Suite struct BlueskyPasswordSessionTests {
    typealias PDS = ScriptedPDS

    @Test func signsInOncePerProcessHoweverManyPostsAskAndRefreshesWithTheRefreshToken() async throws {
        let (access1, refresh1) = (PDS.canary("access"), PDS.canary("refresh"))
        let (access2, refresh2) = (PDS.canary("access"), PDS.canary("refresh"))
        let routes: [String: [HTTPTestServer.Answer]] = [
            PDS.createPath: [.status(200, json: PDS.session(access: access1, refresh: refresh1))],
            PDS.refreshPath: [.status(200, json: PDS.session(access: access2, refresh: refresh2))],
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let source = BlueskyPasswordSessionSource(
                identifier: PDS.handle,
                password: Secret(PDS.appPassword),
                server: try PDS.server(server)
            )
            let client = PDS.client()
            // Two posts at once, then a third: one createSession.
            async let first = source.session(client: client)
            async let second = source.session(client: client)
            let sessions = try await [first, second, source.session(client: client)]
            #expect(sessions.allSatisfy { $0.accessToken.revealed() == access1 })
            #expect(sessions[0].did == PDS.did && sessions[0].handle == PDS.handle)
            #expect(sessions[0].server.description == server.origin)
            #expect(await source.signIns == 1)

            // An expired access token: refreshSession with the refresh token, never createSession.
            let renewed = try await source.renewed(after: sessions[0], client: client)
            #expect(renewed.accessToken.revealed() == access2)
            // Another post that saw the old token gets the renewed session, without a call.
            #expect(try await source.renewed(after: sessions[1], client: client).accessToken.revealed() == access2)
            #expect(try await source.session(client: client).accessToken.revealed() == access2)

            let received = try PDS.checkRequests(server)
            #expect(received.map(\.path) == [PDS.createPath, PDS.refreshPath])
            #expect(
                PDS.json(received[0]) as? [String: String] == ["identifier": PDS.handle, "password": PDS.appPassword]
            )
            #expect(received[1].header("Authorization") == "Bearer \(refresh1)")
            #expect(await source.signIns == 1)
        }
    }

    @Test func aRefusedRefreshTokenSignsInWithThePasswordAgain() async throws {
        let routes: [String: [HTTPTestServer.Answer]] = [
            PDS.createPath: [
                .status(200, json: PDS.session(access: "access-1", refresh: "refresh-1")),
                .status(200, json: PDS.session(access: "access-2", refresh: "refresh-2")),
            ],
            PDS.refreshPath: [PDS.error(400, "ExpiredToken", "Token has been revoked")],
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let source = BlueskyPasswordSessionSource(
                identifier: PDS.handle,
                password: Secret(PDS.appPassword),
                server: try PDS.server(server)
            )
            let first = try await source.session(client: PDS.client())
            let renewed = try await source.renewed(after: first, client: PDS.client())
            #expect(renewed.accessToken.revealed() == "access-2")
            #expect(try PDS.checkRequests(server).map(\.path) == [PDS.createPath, PDS.refreshPath, PDS.createPath])
        }
    }

    /// The error `answer` to createSession gives; the password never in it.
    static func signInError(
        _ answer: HTTPTestServer.Answer,
        deadline: Duration = .seconds(20)
    ) async throws -> ShareError {
        try await HTTPTestServer.with(.init(routes: [PDS.createPath: [answer]])) { server in
            let source = BlueskyPasswordSessionSource(
                identifier: PDS.handle,
                password: Secret(PDS.appPassword),
                server: try PDS.server(server)
            )
            do throws(ShareError) {
                _ = try await source.session(client: PDS.client(deadline: deadline))
                Issue.record("signed in")
                return ShareError(.permanent, message: "")
            } catch {
                _ = try PDS.checkRequests(server)
                #expect(!error.detailedDescription.contains(PDS.appPassword))
                let detail = error.detail.map { "\($0)" } ?? ""
                #expect(!detail.contains(PDS.appPassword))
                #expect(error.destination == "bluesky")
                return error
            }
        }
    }

    @Test func refusedCredentialsArePermanentQuoteTheServerAndNeverThePassword() async throws {
        // The server echoes what it was sent; the password is taken out.
        let error = try await Self.signInError(
            PDS.error(401, "AuthenticationRequired", "Invalid identifier or password \(PDS.appPassword)")
        )
        #expect(error.code == .permanent)
        #expect(error.detail?.code == .signInAgain)
        #expect(error.message.contains(#""AuthenticationRequired: Invalid identifier or password"#))
        #expect(error.message.contains("alice.bsky.social"))
    }

    @Test func anEmailSignInCodeRequestSaysAppPasswordsSkipIt() async throws {
        let error = try await Self.signInError(
            PDS.error(401, "AuthFactorTokenRequired", "A sign in code has been sent to your email address")
        )
        #expect(error.code == .permanent)
        #expect(error.detail?.code == .signInAgain && error.detail?.value == "AuthFactorTokenRequired")
        #expect(error.message.contains("which an app password skips"))
        #expect(error.message.contains("Settings → Privacy and security → App passwords"))
        #expect(error.message.contains("A sign in code has been sent to your email address"))
    }

    @Test func aTakenDownAccountIsPermanent() async throws {
        let error = try await Self.signInError(PDS.error(400, "AccountTakedown", "Account has been taken down"))
        #expect(error.code == .permanent)
        #expect(error.detail?.code == .rejectedByServer)
        #expect(error.message.contains("Account has been taken down"))
    }

    @Test func anInactiveAccountIsPermanentWithItsStatus() async throws {
        let answer =
            #"{"did":"\#(PDS.did)","handle":"\#(PDS.handle)","accessJwt":"access-jwt-1","refreshJwt":"refresh-jwt-1","active":false,"status":"deactivated"}"#
        let error = try await Self.signInError(.status(200, json: answer))
        #expect(error.code == .permanent)
        #expect(error.message.contains("not active (deactivated)"))
    }

    @Test func aRateLimitIsTransientUntilItsReset() async throws {
        let reset = Int(Date().timeIntervalSince1970) + 120
        let error = try await Self.signInError(
            PDS.error(429, "RateLimitExceeded", "Rate Limit Exceeded", headers: ["ratelimit-reset": String(reset)])
        )
        // The wait is counted from when the answer came, however long a loaded machine took.
        let answered = Date().timeIntervalSince1970
        #expect(error.code == .transient)
        #expect(error.detail?.code == .rateLimited)
        let wait = try #require(error.retryAfter)
        #expect(wait >= .seconds(Double(reset) - answered - 1) && wait <= .seconds(121))
    }

    @Test func aServerFailureIsTransient() async throws {
        let error = try await Self.signInError(PDS.error(502, "UpstreamFailure", "try later"))
        #expect(error.code == .transient)
        #expect(error.message.contains("502"))
    }

    @Test func aStallAfterTheRequestIsTransientNotUnknownBecauseNothingWasPosted() async throws {
        let error = try await Self.signInError(.stall(), deadline: .seconds(1))
        #expect(error.code == .transient)
        #expect(error.message.contains("nothing was posted"))
    }

    @Test func aRefusedConnectionIsTransient() async throws {
        let closedPort = try await HTTPTestServer.with { $0.port }
        let source = BlueskyPasswordSessionSource(
            identifier: PDS.handle,
            password: Secret(PDS.appPassword),
            server: try BlueskyServer("http://127.0.0.1:\(closedPort)")
        )
        do throws(ShareError) {
            _ = try await source.session(client: PDS.client())
            Issue.record("signed in")
        } catch {
            #expect(error.code == .transient)
            #expect(!error.detailedDescription.contains(PDS.appPassword))
        }
        // A failed sign-in is not kept: the next call tries again.
        #expect(await source.signIns == 1)
        _ = try? await source.session(client: PDS.client())
        #expect(await source.signIns == 2)
    }

    @Test func plainHTTPToAnotherHostIsRefusedBeforeAnyRequest() {
        #expect(throws: BlueskyRecordError.self) { try BlueskyServer("http://pds.example:2583") }
        #expect(throws: BlueskyRecordError.self) { try BlueskyServer("http://10.0.0.1") }
        #expect((try? BlueskyServer("http://localhost:2583")) != nil)
    }
}
