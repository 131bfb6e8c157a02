import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// A loopback PDS for the session tests: `HTTPTestServer` scripted with the session calls'
/// answers, and checks of every request it received against the lexicons.
enum ScriptedPDS {
    static let createPath = "/xrpc/com.atproto.server.createSession"
    static let refreshPath = "/xrpc/com.atproto.server.refreshSession"
    static let did = "did:plc:7iza6de2dwap2sbkpav7c6c6"
    static let handle = "alice.bsky.social"
    static let appPassword = "abcd-2345-efgh-6789"

    /// A fresh value no file or output holds by chance, shaped like a token.
    static func canary(_ kind: String) -> String { "CANARY-\(kind)-\(UInt64.random(in: 1...UInt64.max))" }

    /// A session answer (both calls share the output), checked against both lexicons' output.
    static func session(access: String, refresh: String, handle: String = handle, extra: String = "") -> String {
        #"{"did":"\#(did)","handle":"\#(handle)","accessJwt":"\#(access)","refreshJwt":"\#(refresh)","active":true"#
            + extra + "}"
    }

    /// An XRPC error answer.
    static func error(
        _ status: Int,
        _ name: String,
        _ message: String,
        headers: [String: String] = [:]
    )
        -> HTTPTestServer.Answer
    {
        .status(status, json: #"{"error":"\#(name)","message":"\#(message)"}"#, headers: headers)
    }

    static func server(_ server: HTTPTestServer) throws -> BlueskyServer { try BlueskyServer(server.origin) }

    /// A client whose deadline is short enough for a stall test.
    static func client(deadline: Duration = .seconds(20)) -> HTTPClient {
        HTTPClient(.init(connectTimeout: .seconds(5), deadline: deadline))
    }

    /// Checks every request `server` received against the lexicons: createSession's JSON input,
    /// refreshSession's empty body with the refresh token as bearer; POST with JSON accepted.
    static func checkRequests(_ server: HTTPTestServer) throws -> [HTTPTestServer.Received] {
        let validator = try LexiconValidator()
        let received = server.received
        for request in received {
            #expect(request.method == "POST")
            #expect(request.header("Accept") == "application/json")
            switch request.path {
            case createPath:
                #expect(request.header("Content-Type") == "application/json")
                #expect(request.header("Authorization") == nil)
                try validator.validateInput(Data(request.body), of: "com.atproto.server.createSession")
            case refreshPath:
                #expect(request.body.isEmpty)
                #expect(request.header("Authorization")?.hasPrefix("Bearer ") == true)
            default:
                Issue.record("an unexpected request to \(request.path)")
            }
        }
        return received
    }

    /// The JSON object of a request's body.
    static func json(_ request: HTTPTestServer.Received) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
    }
}
