import HTTPTransport
import ShareCore
import Testing

/// The classification table of ``HTTPErrorClassifier`` on answers made here, for the statuses the
/// server tests don't send.
@Suite struct ClassificationTests {
    let now = UTCTime(secondsSince1970: 1_795_683_000)
    var classifier: HTTPErrorClassifier {
        let now = self.now
        return HTTPErrorClassifier(destination: "network", now: { now })
    }

    func request(_ method: HTTPMethod = .post) throws -> HTTPRequest {
        HTTPRequest(method, try HTTPURL("https://social.example/api"), headers: ["Authorization": "Bearer t0ken-xyz"])
    }

    @Test(
        arguments: [
            (200, nil), (201, nil), (202, nil), (403, "permanent"), (404, "permanent"), (408, "transient"),
            (409, "permanent"), (502, "transient"), (503, "transient"), (301, "permanent"),
        ] as [(Int, String?)]
    )
    func statusesMapToCodes(status: Int, code: String?) throws {
        #expect(classifier.error(for: HTTPResponse(status: status), to: try request())?.code.name == code)
    }

    @Test func a403AlsoSaysToSignInAgain() throws {
        let error = try #require(classifier.error(for: HTTPResponse(status: 403), to: try request()))
        #expect(error.detail?.code == .signInAgain)
    }

    @Test func a503KeepsItsRetryAfter() throws {
        let response = HTTPResponse(status: 503, headers: ["Retry-After": "5"])
        let error = try #require(classifier.error(for: response, to: try request()))
        #expect(error.retryAfter == .seconds(5))
    }

    @Test func a429WithoutAResetIsStillTransient() throws {
        let error = try #require(classifier.error(for: HTTPResponse(status: 429), to: try request()))
        #expect(error.code == .transient)
        #expect(error.retryAfter == nil)
        #expect(error.message.contains("did not say when the limit resets"))
    }

    @Test func aTokenEchoedInALocationIsTakenOut() throws {
        let response = HTTPResponse(status: 302, headers: ["Location": "https://t0ken-xyz.example/x"])
        let error = try #require(classifier.error(for: response, to: try request()))
        #expect(!error.message.contains("t0ken-xyz"), "\(error)")
    }

    @Test func anErrorStatusBeforeTheAnswerBrokeIsClassifiedByTheStatus() throws {
        let failure = HTTPTransportError(.connectionBroken, progress: .sent, status: 500, server: "s", detail: "")
        #expect(classifier.error(for: failure, to: try request()).code == .transient)
        let missing = HTTPTransportError(.libraryMissing, progress: .notSent, server: "s", detail: "no libcurl")
        #expect(classifier.error(for: missing, to: try request()).code == .unavailable)
    }
}
