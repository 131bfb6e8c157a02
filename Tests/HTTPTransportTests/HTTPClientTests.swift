import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

/// The HTTP client against a real server on loopback (`Fixtures/http-server.py`), one test per
/// class of answer or failure, each classified as the router needs it. Serialized: every case
/// starts Python, and two cores are shared with every other suite.
@Suite(.serialized) struct HTTPClientTests {
    /// A token that must never appear in any error text.
    static let canary = "canary-token-5f1c9e2a7b"
    let classifier = HTTPErrorClassifier(destination: "network")

    func request(
        _ server: HTTPTestServer,
        _ method: HTTPMethod = .post,
        path: String = "/api/v1/statuses",
        body: HTTPBody = .json(Array(#"{"status":"hi"}"#.utf8))
    ) throws -> HTTPRequest {
        HTTPRequest(
            method,
            try HTTPURL("\(server.origin)\(path)"),
            headers: ["Authorization": "Bearer \(Self.canary)", "Idempotency-Key": "share-1"],
            body: body
        )
    }

    /// Every text an error shows, to check none holds the canary.
    func texts(_ error: ShareError) -> String {
        [error.description, error.detailedDescription, error.message, error.detail?.description ?? ""]
            .joined(separator: "\n")
    }

    @Test func a200AnswerComesBackWithItsJSONAndTheRequestArrivesAsSent() async throws {
        let answer = HTTPTestServer.Answer.status(200, json: #"{"id":"109","url":"https://m.example/@me/109"}"#)
        try await HTTPTestServer.with(.init(routes: ["/api/v1/statuses": [answer]])) { server in
            let response = try await HTTPClient().send(try request(server, path: "/api/v1/statuses?x=1"))
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String]
            #expect(object?["id"] == "109")
            let received = try #require(server.received.first)
            #expect(received.method == "POST")
            #expect(received.path == "/api/v1/statuses?x=1")
            #expect(received.header("Authorization") == "Bearer \(Self.canary)")
            #expect(received.header("Idempotency-Key") == "share-1")
            #expect(received.header("Content-Type") == "application/json")
            #expect(received.header("User-Agent") == "sharevia")
            #expect(received.header("Expect") == nil)
            #expect(received.body == Array(#"{"status":"hi"}"#.utf8))
        }
    }

    @Test func multipartFilesArriveByteForByte() async throws {
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: PackageRoot.exampleCard)))
        var form = MultipartForm()
        form.append(field: "description", "Achievement card: Night Owl 🦉, level 7")
        form.append(field: "focus", "0.0,-0.5")
        form.append(file: "file", fileName: "card.png", contentType: "image/png", bytes: png)
        try await HTTPTestServer.with { server in
            let response = try await HTTPClient().send(
                try request(server, path: "/api/v2/media", body: .multipart(form))
            )
            #expect(response.status == 200)
            let received = try #require(server.received.first)
            #expect(received.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=sharevia-") == true)
            #expect(received.parts.count == 3, "\(received.parts)")
            #expect(received.parts.first?["name"] == "description")
            #expect(received.parts.first?["value"] == "Achievement card: Night Owl 🦉, level 7")
            #expect(received.parts[safe: 1]?["value"] == "0.0,-0.5")
            let file = try #require(received.parts[safe: 2])
            #expect(file["name"] == "file")
            #expect(file["filename"] == "card.png")
            #expect(file["content_type"] == "image/png")
            #expect(file["size"] == String(png.count))
            #expect(file["sha256"] == (try await MailCheck.sha256(PackageRoot.exampleCard)))
        }
    }

    @Test func a401IsPermanentAndSaysToSignInAgain() async throws {
        let answer = HTTPTestServer.Answer.status(401, json: #"{"error":"The access token is invalid"}"#)
        try await HTTPTestServer.with(.init(routes: ["/api/v1/statuses": [answer]])) { server in
            let request = try request(server)
            let response = try await HTTPClient().send(request)
            let error = try #require(classifier.error(for: response, to: request))
            #expect(error.code == .permanent)
            #expect(error.detail?.code == .signInAgain)
            #expect(error.detail?.found == [server.origin, "401"])
            #expect(error.message.contains("\"The access token is invalid\""), "\(error)")
            #expect(!texts(error).contains(Self.canary))
        }
    }

    @Test func a422IsPermanentAndQuotesTheServerWithSecretsTakenOut() async throws {
        let answer = HTTPTestServer.Answer.status(
            422,
            json: #"{"error":"Validation failed: Text can't be blank (token \#(Self.canary))"}"#
        )
        try await HTTPTestServer.with(.init(routes: ["/api/v1/statuses": [answer]])) { server in
            let request = try request(server)
            let error = try #require(classifier.error(for: try await HTTPClient().send(request), to: request))
            #expect(error.code == .permanent)
            #expect(error.detail?.code == .rejectedByServer)
            #expect(error.detail?.value == "Validation failed: Text can't be blank (token <redacted>)")
            #expect(error.message.contains("refused the request (422): \"Validation failed: Text can't be blank"))
            #expect(!texts(error).contains(Self.canary))
        }
    }

    @Test func anXRPCErrorQuotesItsNameAndMessage() async throws {
        let answer = HTTPTestServer.Answer.status(
            400,
            json: #"{"error":"InvalidRequest","message":"Record/text must not be longer than 300 graphemes"}"#
        )
        try await HTTPTestServer.with(.init(routes: ["/xrpc/com.atproto.repo.createRecord": [answer]])) { server in
            let request = try request(server, path: "/xrpc/com.atproto.repo.createRecord")
            let error = try #require(classifier.error(for: try await HTTPClient().send(request), to: request))
            #expect(error.code == .permanent)
            #expect(error.detail?.value == "InvalidRequest: Record/text must not be longer than 300 graphemes")
        }
    }

    @Test func a413IsPermanentAndNamesTheLimit() async throws {
        let answer = HTTPTestServer.Answer.status(413)
        try await HTTPTestServer.with(.init(routes: ["/api/v2/media": [answer]])) { server in
            let form = MultipartForm([
                .file(name: "file", fileName: "card.png", contentType: "image/png", bytes: [1, 2])
            ])
            let request = try request(server, path: "/api/v2/media", body: .multipart(form))
            let limited = HTTPErrorClassifier(destination: "network", sizeLimit: "16 MB (image_size_limit)")
            let error = try #require(limited.error(for: try await HTTPClient().send(request), to: request))
            #expect(error.code == .permanent)
            #expect(error.detail?.code == .overLimit)
            #expect(error.detail?.value == "16 MB (image_size_limit)")
            #expect(
                error.message.contains("too large (413)") && error.message.contains("the limit is 16 MB"),
                "\(error)"
            )
        }
    }

    @Test func a415IsPermanentAndNamesTheType() async throws {
        try await HTTPTestServer.with(.init(routes: ["/upload": [.status(415)]])) { server in
            let request = try request(server, path: "/upload", body: .bytes([0, 1], contentType: "image/heic"))
            let error = try #require(classifier.error(for: try await HTTPClient().send(request), to: request))
            #expect(error.code == .permanent)
            #expect(error.detail?.code == .unsupportedType)
            #expect(error.detail?.value == "image/heic")
        }
    }

    @Test(arguments: ["X-RateLimit-Reset", "ratelimit-reset", "Retry-After"])
    func a429IsTransientWithTheResetAsAUTCTimeAndSecondsFromNow(header: String) async throws {
        let now = UTCTime(secondsSince1970: 1_795_000_000)
        let reset = UTCTime(secondsSince1970: now.secondsSince1970 + 42)
        let value: String
        switch header {
        case "X-RateLimit-Reset": value = "\(String(reset.description.dropLast())).000Z"
        case "ratelimit-reset": value = "1795000042"
        default: value = "42"
        }
        let answer = HTTPTestServer.Answer.status(
            429,
            json: #"{"error":"Too many requests"}"#,
            headers: [header: value]
        )
        try await HTTPTestServer.with(.init(routes: ["/api/v1/statuses": [answer]])) { server in
            let request = try request(server)
            let clocked = HTTPErrorClassifier(destination: "network", now: { now })
            let error = try #require(clocked.error(for: try await HTTPClient().send(request), to: request))
            #expect(error.code == .transient)
            #expect(error.retryAfter == .seconds(42))
            #expect(error.detail?.code == .rateLimited)
            #expect(error.detail?.value == "2026-11-18T11:07:22Z")
            #expect(error.detail?.found == ["42"])
            #expect(error.message.contains("the limit resets at 2026-11-18T11:07:22Z (in 42 s)"), "\(error)")
        }
    }

    @Test func a500IsTransient() async throws {
        try await HTTPTestServer.with(.init(routes: ["/api/v1/statuses": [.status(500)]])) { server in
            let request = try request(server)
            let error = try #require(classifier.error(for: try await HTTPClient().send(request), to: request))
            #expect(error.code == .transient)
            #expect(error.retryAfter == nil)
        }
    }

    @Test func aRefusedConnectionWasNotSentAndIsTransient() async throws {
        let closedPort = try await HTTPTestServer.with { $0.port }
        let request = HTTPRequest(
            .post,
            try HTTPURL("http://127.0.0.1:\(closedPort)/api"),
            headers: ["Authorization": "Bearer \(Self.canary)"],
            body: .json([])
        )
        let failure = try await #require(throws: HTTPTransportError.self) { try await HTTPClient().send(request) }
        #expect(failure.reason == .connectionFailed)
        #expect(failure.progress == .notSent)
        let error = classifier.error(for: failure, to: request)
        #expect(error.code == .transient)
        #expect(error.message.contains("nothing was sent"), "\(error)")
        #expect(!texts(error).contains(Self.canary))
    }

    @Test func aStallAfterTheRequestWasSentIsAnUnknownOutcome() async throws {
        try await HTTPTestServer.with(.init(routes: ["/api/v1/statuses": [.stall()]])) { server in
            let request = try request(server)
            let client = HTTPClient(.init(deadline: .milliseconds(1500)))
            let failure = try await #require(throws: HTTPTransportError.self) { try await client.send(request) }
            #expect(failure.reason == .timedOut)
            #expect(failure.progress == .sent)
            #expect(server.received.count == 1, "the server did get the whole request")
            let keyed = HTTPErrorClassifier(destination: "network", retryKey: "the Idempotency-Key header")
            let error = keyed.error(for: failure, to: request)
            #expect(error.code == .outcomeUnknown)
            #expect(error.detail?.code == .noAnswer)
            #expect(error.detail?.found == [server.origin, "the Idempotency-Key header"])
            #expect(
                error.message.contains(
                    "may have been carried out; the Idempotency-Key header makes a later retry safe"
                ),
                "\(error)"
            )
            #expect(!texts(error).contains(Self.canary))
            // The same stall on a GET is worth a retry: reading twice posts nothing.
            let get = try self.request(server, .get, body: .none)
            let getFailure = try await #require(throws: HTTPTransportError.self) { try await client.send(get) }
            #expect(classifier.error(for: getFailure, to: get).code == .transient)
        }
    }

    @Test func aStatusLineThenAStallIsStillUnknown() async throws {
        try await HTTPTestServer.with(.init(routes: ["/api/v1/statuses": [.stall("before-answer-headers")]])) {
            server in
            let request = try request(server)
            let client = HTTPClient(.init(deadline: .milliseconds(1500)))
            let failure = try await #require(throws: HTTPTransportError.self) { try await client.send(request) }
            #expect(failure.progress == .sent)
            #expect(classifier.error(for: failure, to: request).code == .outcomeUnknown)
        }
    }

    @Test func aRequestCutOffMidwayWasNotCarriedOutAndIsTransient() async throws {
        try await HTTPTestServer.with(.init(routes: ["/api/v2/media": [.stall("close-before-body")]])) { server in
            let big = [UInt8](repeating: 7, count: 64 << 20)
            let request = try request(server, path: "/api/v2/media", body: .bytes(big, contentType: "image/png"))
            let failure = try await #require(throws: HTTPTransportError.self) { try await HTTPClient().send(request) }
            #expect(failure.progress == .partlySent, "\(failure)")
            #expect(failure.reason == .connectionBroken, "\(failure)")
            let error = classifier.error(for: failure, to: request)
            #expect(error.code == .transient)
            #expect(error.message.contains("the request was cut off, so it was not carried out"), "\(error)")
        }
    }

    @Test func aServerThatNeverAcceptsWasNotSent() async throws {
        try await HTTPTestServer.with(.init(mode: "no-accept")) { server in
            let request = try request(server)
            let client = HTTPClient(.init(connectTimeout: .milliseconds(800), deadline: .seconds(5)))
            let failure = try await #require(throws: HTTPTransportError.self) { try await client.send(request) }
            #expect(failure.reason == .timedOut, "\(failure)")
            #expect(failure.progress == .notSent, "\(failure)")
            #expect(classifier.error(for: failure, to: request).code == .transient)
        }
    }

    @Test func aServerWithACertificateNobodyTrustsIsRefusedByVerification() async throws {
        let folder = TemporaryFolder("http-tls")
        let authority = try await TestCertificateAuthority.make(in: folder)
        let options = HTTPTestServer.Options(certificate: (authority.serverCertificate, authority.serverKey))
        try await HTTPTestServer.with(options) { server in
            let url = try HTTPURL("https://localhost:\(server.port)/api/v1/statuses")
            let request = HTTPRequest(.post, url, headers: ["Authorization": "Bearer \(Self.canary)"], body: .json([]))
            let failure = try await #require(throws: HTTPTransportError.self) { try await HTTPClient().send(request) }
            #expect(failure.reason == .tlsFailed, "\(failure)")
            #expect(failure.progress == .notSent)
            #expect(server.received.isEmpty)
            let error = classifier.error(for: failure, to: request)
            #expect(error.code == .permanent)
            #expect(error.detail?.code == .tlsFailed)
            #expect(!texts(error).contains(Self.canary))
            // Trusting the authority that signed it, the same server answers: TLS works.
            let trusting = HTTPClient(.init(trustedCertificates: authority.caCertificate))
            #expect(try await trusting.send(request).status == 200)
            #expect(server.received.count == 1)
        }
    }

    /// The real case: over TLS, a request that went out whole and got no answer is unknown too.
    @Test func overTLSAStallAfterSendingIsUnknownAndAStallBeforeIsNot() async throws {
        let folder = TemporaryFolder("http-tls-stall")
        let authority = try await TestCertificateAuthority.make(in: folder)
        let options = HTTPTestServer.Options(
            routes: ["/api/v1/statuses": [.stall()]],
            certificate: (authority.serverCertificate, authority.serverKey)
        )
        try await HTTPTestServer.with(options) { server in
            let url = try HTTPURL("https://localhost:\(server.port)/api/v1/statuses")
            let request = HTTPRequest(.post, url, headers: ["Authorization": "Bearer \(Self.canary)"], body: .json([1]))
            let client = HTTPClient(.init(deadline: .milliseconds(1500), trustedCertificates: authority.caCertificate))
            let failure = try await #require(throws: HTTPTransportError.self) { try await client.send(request) }
            #expect(failure.progress == .sent, "\(failure)")
            #expect(classifier.error(for: failure, to: request).code == .outcomeUnknown)
            #expect(server.received.count == 1)
        }
        // A server that takes the connection but never answers the TLS handshake got nothing.
        try await HTTPTestServer.with(.init(mode: "silent")) { server in
            let url = try HTTPURL("https://localhost:\(server.port)/api/v1/statuses")
            let request = HTTPRequest(.post, url, body: .json([1]))
            let client = HTTPClient(.init(connectTimeout: .milliseconds(800), deadline: .seconds(5)))
            let failure = try await #require(throws: HTTPTransportError.self) { try await client.send(request) }
            #expect(failure.reason == .timedOut, "\(failure)")
            #expect(failure.progress == .notSent, "\(failure)")
            #expect(classifier.error(for: failure, to: request).code == .transient)
        }
    }

    @Test(arguments: [
        ("http://example.org/api", "plain http is refused for example.org"),
        ("http://127.0.0.1/api", "plain http is refused for 127.0.0.1"),
        ("http://10.0.0.1:8080/", "plain http is refused for 10.0.0.1"),
        ("http://127.0.0.1:80@evil.example/", "user or password"),
        ("ftp://example.org/", "only https:// URLs are allowed (got ftp:)"),
        ("https://exa mple.org/", "U+0020"),
        ("https://example.org/#frag", "fragment"),
        ("https://example.org:99999/", "port '99999'"),
    ])
    func plainHTTPToAnotherMachineIsRefusedBeforeAnyConnection(url: String, message: String) {
        #expect {
            _ = try HTTPURL(url)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(arguments: [
        "http://127.0.0.1:8080/x", "http://[::1]:8080/x", "http://localhost:8080", "https://mastodon.social/api",
    ])
    func loopbackTestServersAndHTTPSAreAccepted(url: String) throws {
        let parsed = try HTTPURL(url)
        #expect(parsed.description == (url.hasSuffix(":8080") ? url + "/" : url))
    }

    @Test(arguments: [true, false])
    func aBodyOverTheCapIsCutOffWhileReading(declared: Bool) async throws {
        try await HTTPTestServer.with(
            .init(routes: ["/big": [.bytes(300_000, declared: declared)], "/fits": [.bytes(100_000)]])
        ) {
            server in
            let client = HTTPClient(.init(maxResponseBytes: 100_000))
            let request = try request(server, .get, path: "/big", body: .none)
            let failure = try await #require(throws: HTTPTransportError.self) { try await client.send(request) }
            #expect(failure.reason == .responseTooLarge(limit: 100_000), "\(failure)")
            #expect(failure.status == 200)
            #expect("\(failure)".contains("more than 100000 bytes"))
            let fits = try await client.send(try self.request(server, .get, path: "/fits", body: .none))
            #expect(fits.body.count == 100_000)
            // A POST whose 200 answer is over the cap was carried out, and its answer is lost.
            let post = try self.request(server, path: "/big")
            let postFailure = try await #require(throws: HTTPTransportError.self) { try await client.send(post) }
            #expect(classifier.error(for: postFailure, to: post).code == .outcomeUnknown)
        }
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        try await HTTPTestServer.with(.init(routes: ["/api/v1/statuses": [.stall()]])) { server in
            let request = try request(server)
            let wall = ContinuousClock()
            let started = wall.now
            let task = Task { try await HTTPClient(.init(deadline: .seconds(60))).send(request) }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            let result = await task.result
            guard case .failure(let error) = result, let failure = error as? HTTPTransportError else {
                Issue.record("expected a transport error, got \(result)")
                return
            }
            #expect(failure.reason == .cancelled)
            #expect(classifier.error(for: failure, to: request).code == .cancelled)
            // libcurl's progress callback runs about once a second while idle.
            #expect(wall.now - started < .seconds(10))
        }
    }

    @Test func aRedirectToAnotherHostIsNotFollowedWithTheCredentials() async throws {
        // The Location names another host (localhost is not 127.0.0.1), where the token must not go.
        let options = HTTPTestServer.Options(routes: [
            "/api": [.status(307, headers: ["Location": "/api/next"])],
            "/away": [.status(302, headers: ["Location": "http://localhost:1/stolen"])],
        ])
        try await HTTPTestServer.with(options) { server in
            let away = try request(server, .get, path: "/away", body: .none)
            let response = try await HTTPClient().send(away)
            #expect(response.status == 302)
            #expect(server.received.count == 1)
            let error = try #require(classifier.error(for: response, to: away))
            #expect(error.code == .permanent)
            #expect(error.message.contains("to http://localhost:1; not followed"), "\(error)")
            // Within the same origin it is followed, with the same method and body for a 307.
            let same = try request(server, path: "/api")
            let followed = try await HTTPClient().send(same)
            #expect(followed.status == 200)
            #expect(server.received.map(\.path) == ["/away", "/api", "/api/next"])
            #expect(server.received.last?.method == "POST")
            #expect(server.received.last?.body == Array(#"{"status":"hi"}"#.utf8))
        }
    }

    @Test func aHeaderWithALineBreakIsRefusedWithoutItsValue() async throws {
        let request = HTTPRequest(
            .get,
            try HTTPURL("http://127.0.0.1:9/x"),
            headers: ["Authorization": "Bearer \(Self.canary)\r\nX-Injected: 1"]
        )
        let failure = try await #require(throws: HTTPTransportError.self) { try await HTTPClient().send(request) }
        #expect(failure.reason == .refused)
        #expect("\(failure)".contains("the value of the header Authorization has a control character"))
        #expect(!"\(failure)".contains(Self.canary))
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
