import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

@_spi(Fuzzing) @testable import Destinations

/// The session answer parser and the request builders, against the lexicons.
@Suite struct BlueskySessionAnswerTests {
    static func field(_ answer: String) -> String? {
        do throws(BlueskyRecordError) {
            _ = try BlueskySessionAnswer.read(Array(answer.utf8), call: "createSession")
            return nil
        } catch {
            return "\(error.code) \(error.field)"
        }
    }

    @Test func readsASessionAnswerTheLexiconsDescribe() throws {
        let access = ScriptedPDS.canary("access")
        let refresh = ScriptedPDS.canary("refresh")
        let text = ScriptedPDS.session(
            access: access,
            refresh: refresh,
            handle: "Alice.BSKY.social",
            extra: #","email":"a@example.com","emailConfirmed":true,"didDoc":{"id":"x"}"#
        )
        let validator = try LexiconValidator()
        try validator.validateOutput(Data(text.utf8), of: "com.atproto.server.createSession")
        try validator.validateOutput(Data(text.utf8), of: "com.atproto.server.refreshSession")
        let answer = try BlueskySessionAnswer.read(Array(text.utf8), call: "createSession")
        #expect(answer.did == ScriptedPDS.did)
        #expect(answer.handle == "alice.bsky.social")
        #expect(answer.accessToken.revealed() == access)
        #expect(answer.refreshToken.revealed() == refresh)
        #expect(answer.active == true && answer.status == nil)
        // Tokens never print.
        #expect(!"\(answer.accessToken) \(answer.refreshToken)".contains("CANARY"))
    }

    @Test func refusesAnAnswerThatIsNotASessionNamingTheField() {
        let good = ScriptedPDS.session(access: "a.b.c", refresh: "d.e.f")
        #expect(Self.field(good) == nil)
        #expect(Self.field("<html>502</html>") == "invalid-answer $")
        #expect(Self.field("[]") == "invalid-answer $")
        #expect(Self.field(#"{"handle":"a.bsky.social","accessJwt":"a","refreshJwt":"b"}"#) == "invalid-answer did")
        #expect(Self.field(good.replacingOccurrences(of: ScriptedPDS.did, with: "plc:123")) == "invalid-answer did")
        #expect(
            Self.field(good.replacingOccurrences(of: #""handle":"alice.bsky.social""#, with: #""handle":"x""#))
                == "invalid-answer handle"
        )
        #expect(Self.field(good.replacingOccurrences(of: #""a.b.c""#, with: "null")) == "invalid-answer accessJwt")
        #expect(Self.field(good.replacingOccurrences(of: #""a.b.c""#, with: "7")) == "invalid-answer accessJwt")
        #expect(Self.field(good.replacingOccurrences(of: #""a.b.c""#, with: #""""#)) == "invalid-answer accessJwt")
        #expect(Self.field(good.replacingOccurrences(of: #""d.e.f""#, with: #""a b""#)) == "invalid-answer refreshJwt")
        #expect(
            Self.field(
                good.replacingOccurrences(of: #""d.e.f""#, with: "\"" + String(repeating: "x", count: 16_385) + "\"")
            )
                == "invalid-answer refreshJwt"
        )
        #expect(Self.field(good.replacingOccurrences(of: "true", with: #""yes""#)) == "invalid-answer active")
        #expect(Self.field(good.replacingOccurrences(of: "}", with: #","status":"a b"}"#)) == "invalid-answer status")
        let huge = good.replacingOccurrences(
            of: "}",
            with: #","didDoc":""# + String(repeating: "x", count: 70_000) + "\"}"
        )
        #expect(Self.field(huge) == "answer-too-large $")
    }

    @Test func aRefusedTokenIsNeverQuoted() {
        let token = ScriptedPDS.canary("access")
        let text = ScriptedPDS.session(access: token + " x", refresh: "r")
        do throws(BlueskyRecordError) {
            _ = try BlueskySessionAnswer.read(Array(text.utf8), call: "refreshSession")
            Issue.record("read a token with a space")
        } catch {
            #expect(error.field == "accessJwt")
            #expect(!error.description.contains(token))
        }
    }

    @Test func createSessionSendsTheLexiconsInputAndKeepsThePasswordSecret() throws {
        let password = Secret(ScriptedPDS.appPassword)
        let request = BlueskySessionRequests.createSession(
            server: .standard,
            identifier: "alice.bsky.social",
            password: password
        )
        #expect(request.method == .post)
        #expect(request.url.description == "https://bsky.social/xrpc/com.atproto.server.createSession")
        #expect(request.allSecrets.contains(ScriptedPDS.appPassword))
        let body = try #require(request.body.encoded())
        #expect(body.contentType == "application/json")
        try LexiconValidator().validateInput(Data(body.bytes), of: "com.atproto.server.createSession")
        let object = try JSONSerialization.jsonObject(with: Data(body.bytes)) as? [String: String]
        #expect(object == ["identifier": "alice.bsky.social", "password": ScriptedPDS.appPassword])
    }

    @Test func refreshSessionSendsTheRefreshTokenAsBearerAndNoBody() throws {
        let token = ScriptedPDS.canary("refresh")
        let request = BlueskySessionRequests.refreshSession(
            server: try BlueskyServer("http://127.0.0.1:2583"),
            refreshToken: Secret(token)
        )
        #expect(request.method == .post)
        #expect(request.url.description == "http://127.0.0.1:2583/xrpc/com.atproto.server.refreshSession")
        #expect(request.headers["Authorization"] == "Bearer \(token)")
        #expect(request.body.encoded()?.bytes == nil)
        #expect(request.allSecrets.contains(token))
    }

    @Test(arguments: [
        ("abcd-2345-efgh-6789", true), ("aaaa-bbbb-cccc-dddd", true), ("0000-0000-0000-0000", true),
        ("ABCD-2345-EFGH-6789", false), ("abcd-2345-efgh-678", false), ("abcd-2345-efgh-67890", false),
        ("abcd_2345_efgh_6789", false), ("abcd2345efgh6789", false), ("hunter2", false), ("", false),
        ("abcd-2345-efgh-6789\n", false), ("abcd-2345-éfgh-6789", false), (" abcd-2345-efgh-678", false),
    ])
    func appPasswordsHaveTheirForm(password: String, wellFormed: Bool) {
        #expect(BlueskyAppPassword.isWellFormed(Secret(password)) == wellFormed)
    }
}

/// The `bluesky-session` fuzz target's hook reads what the parser reads and names the field.
@Suite struct BlueskySessionFuzzingTests {
    @Test func theHookReadsTheSeedsOrNamesTheField() throws {
        let seeds = "\(PackageRoot.path)/Fuzz/seeds/bluesky-session"
        func seed(_ name: String) throws -> [UInt8] {
            Array(try Data(contentsOf: URL(fileURLWithPath: "\(seeds)/\(name)")))
        }
        #expect(BlueskySessionFuzzing.session(try seed("create-session.json")) == nil)
        #expect(BlueskySessionFuzzing.session(try seed("refresh-session.json")) == nil)
        #expect(
            BlueskySessionFuzzing.session(try seed("auth-factor.json")) == "did: is missing from createSession's answer"
        )
        let refused = try #require(BlueskySessionFuzzing.session(try seed("bad-token.json")))
        #expect(refused.hasPrefix("accessJwt: ") && !refused.contains("FUZZ-TOKEN"))
    }
}
