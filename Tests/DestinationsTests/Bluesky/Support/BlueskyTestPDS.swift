import Foundation
import HTTPTransport
import ImagePipeline
import LocalFiles
import ShareCore
import Synchronization
import TestSupport
import Testing

@testable import Destinations

/// The loopback HTTPTestServer scripted as a PDS, and what the Bluesky destination tests share:
/// a fixed share id (so the record keys are known before the server starts), a session source
/// with canary tokens, and the checks every request the server got must pass.
enum BlueskyTestPDS {
    static let did = SampleRecords.did
    static let handle = "alice.test"
    static let accessCanary = "canary-access-jwt-5f1d0c"
    static let renewedCanary = "canary-renewed-jwt-77ab3e"
    /// The share every test posts: its record keys and createdAt follow from it.
    static let shareID = ShareID(microseconds: 1_795_595_481_123_456, nonce: 0x0123_4567_89AB_C3FF)
    static let options = ShareOptions(id: shareID)

    /// The record key of post `index` of the share: microseconds + index, clock id the nonce's low 10 bits.
    static func recordKey(_ index: Int = 0) -> String {
        BlueskyTID(microseconds: shareID.microseconds + UInt64(index), clockID: 0x3FF).description
    }

    static let uploadPath = "/xrpc/com.atproto.repo.uploadBlob"
    static let createPath = "/xrpc/com.atproto.repo.createRecord"
    static let resolvePath = "/xrpc/com.atproto.identity.resolveHandle"
    static let getRecordPath = "/xrpc/com.atproto.repo.getRecord"

    static func uploadAnswer(size: Int, mimeType: String = "image/png") -> HTTPTestServer.Answer {
        .status(
            200,
            json:
                #"{"blob":{"$type":"blob","ref":{"$link":"\#(SampleRecords.cid)"},"mimeType":"\#(mimeType)","size":\#(size)}}"#
        )
    }

    static func createAnswer(_ index: Int = 0, cid: String = SampleRecords.postCID) -> HTTPTestServer.Answer {
        .status(200, json: #"{"uri":"at://\#(did)/app.bsky.feed.post/\#(recordKey(index))","cid":"\#(cid)"}"#)
    }

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

    /// A destination posting to `server` with a session from `source`.
    static func destination(
        _ server: HTTPTestServer,
        source: (any BlueskySessionSource)? = nil,
        deadline: Duration = .seconds(5),
        langs: [String] = ["en"]
    ) throws -> BlueskyDestination {
        try destination(origin: server.origin, source: source, deadline: deadline, langs: langs)
    }

    /// The time the tests' rate-limit resets are counted from.
    static let now = UTCTime(secondsSince1970: 1_795_595_481)

    /// A destination posting to the PDS at `origin`.
    static func destination(
        origin: String,
        source: (any BlueskySessionSource)? = nil,
        deadline: Duration = .seconds(5),
        langs: [String] = ["en"]
    ) throws -> BlueskyDestination {
        let pds = try BlueskyServer(origin)
        return BlueskyDestination(
            configuration: .init(server: pds, langs: langs),
            source: source ?? FixedSessionSource(server: pds),
            environment: ShareEnvironment(["PATH": "/nonexistent"]),
            client: HTTPClient(.init(connectTimeout: .seconds(2), deadline: deadline)),
            now: { now }
        )
    }

    /// A card of `width` x `height`, written to `folder` as PNG, with `alt`.
    static func card(
        in folder: TemporaryFolder,
        width: Int = 60,
        height: Int = 40,
        noise: Bool = false,
        alt: String? = "Achievement card: Night Owl, level 7"
    ) throws -> ShareAttachment {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var generator = SeededGenerator(seed: 7)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let value = noise ? UInt8.random(in: 0...255, using: &generator) : UInt8(index / 4 % 251)
            pixels[index] = value
            pixels[index + 1] = noise ? UInt8.random(in: 0...255, using: &generator) : 90
            pixels[index + 2] = noise ? UInt8.random(in: 0...255, using: &generator) : 200
            pixels[index + 3] = 255
        }
        let png = try PNGEncoder().encode(try RGBAImage(width: width, height: height, pixels: pixels))
        let path = try folder.write(png, named: "card.png")
        var attachment = try ShareAttachment.file(path)
        attachment.altText = alt
        return attachment
    }

    /// The query items of a request's path.
    static func query(_ received: HTTPTestServer.Received) -> [String: String] {
        guard let components = URLComponents(string: "http://x" + received.path) else { return [:] }
        var items: [String: String] = [:]
        for item in components.queryItems ?? [] { items[item.name] = item.value ?? "" }
        return items
    }

    /// The path without its query.
    static func route(_ received: HTTPTestServer.Received) -> String {
        String(received.path.prefix { $0 != "?" })
    }

    /// Checks every request against the lexicons (createRecord's body and record, the queries'
    /// parameters), its bearer token, and the SDK oracle's verdict on every createRecord body.
    static func checkEveryRequest(_ server: HTTPTestServer, token: String = accessCanary) async throws {
        let validator = try LexiconValidator()
        var bodies: [Data] = []
        for received in server.received {
            #expect(received.header("Authorization") == "Bearer \(token)", "\(received.path)")
            switch route(received) {
            case createPath:
                #expect(received.method == "POST")
                #expect(received.header("Content-Type") == "application/json")
                let body = Data(received.body)
                try validator.validateInput(body, of: "com.atproto.repo.createRecord")
                let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
                let record = try JSONSerialization.data(withJSONObject: try #require(object["record"]))
                try validator.validateRecord(record)
                bodies.append(body)
            case uploadPath:
                #expect(received.method == "POST")
                #expect(received.header("Content-Type")?.hasPrefix("image/") == true)
            case resolvePath:
                #expect(received.method == "GET")
                try validator.validateParameters(query(received), of: "com.atproto.identity.resolveHandle")
            case getRecordPath:
                #expect(received.method == "GET")
                try validator.validateParameters(query(received), of: "com.atproto.repo.getRecord")
            default:
                Issue.record("unexpected request \(received.method) \(received.path)")
            }
        }
        if !bodies.isEmpty {
            for verdict in try await AtprotoOracle.verdicts(requests: bodies) {
                #expect(verdict.ok, "\(verdict.error ?? [])")
            }
        }
    }

    /// The createRecord bodies the server got, as JSON objects.
    static func createBodies(_ server: HTTPTestServer) throws -> [[String: Any]] {
        try server.received.filter { route($0) == createPath }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any])
        }
    }
}

/// A session source that hands out a fixed session and, when asked to renew, a second token.
final class FixedSessionSource: BlueskySessionSource {
    let server: BlueskyServer
    private let counts = Mutex((sessions: 0, renewals: 0))

    init(server: BlueskyServer) { self.server = server }

    var sessions: Int { counts.withLock { $0.sessions } }
    var renewals: Int { counts.withLock { $0.renewals } }

    func session(client: HTTPClient) async throws(ShareError) -> BlueskySession {
        counts.withLock { $0.sessions += 1 }
        return BlueskySession(
            did: BlueskyTestPDS.did,
            handle: BlueskyTestPDS.handle,
            server: server,
            accessToken: Secret(BlueskyTestPDS.accessCanary)
        )
    }

    func renewed(after expired: BlueskySession, client: HTTPClient) async throws(ShareError) -> BlueskySession {
        counts.withLock { $0.renewals += 1 }
        var session = expired
        session.accessToken = Secret(BlueskyTestPDS.renewedCanary)
        return session
    }
}
