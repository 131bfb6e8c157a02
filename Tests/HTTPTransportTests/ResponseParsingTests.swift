import HTTPTransport
import Testing

/// What the client reads out of an answer: header fields, rate-limit resets, times, and the
/// server's own error message. Pure functions, no server.
@Suite struct ResponseParsingTests {
    @Test func headerBlocksSkipTheStatusLineAndUnfoldContinuations() {
        let block = Array(
            "HTTP/1.1 429 Too Many Requests\r\nX-RateLimit-Reset:  2026-11-26T09:05:00.000Z \r\nX-Long: one\r\n\ttwo\r\nno colon here\r\nBad Name: x\r\nset-cookie: a\r\nSet-Cookie: b\r\n\r\nAfter: body\r\n"
                .utf8
        )
        let headers = HTTPHeaders(parsing: block)
        #expect(headers["x-ratelimit-reset"] == "2026-11-26T09:05:00.000Z")
        #expect(headers["X-Long"] == "one two")
        #expect(headers["Bad Name"] == nil)
        #expect(headers.values(for: "set-cookie") == ["a", "b"])
        #expect(headers["After"] == nil, "nothing after the empty line")
    }

    @Test func headerBlocksKeepAtMostTheCap() {
        let block = (0..<1000).map { "X-\($0): v\r\n" }.joined()
        #expect(HTTPHeaders(parsing: Array(block.utf8)).fields.count == HTTPHeaders.maximumFields)
    }

    @Test(arguments: [
        ("2026-11-26T09:05:00Z", 1_795_683_900.0),
        ("2026-11-26T09:05:00.250Z", 1_795_683_900.25),
        ("2026-11-26T10:05:00+01:00", 1_795_683_900.0),
        ("2026-11-26T08:35:00-0030", 1_795_683_900.0),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("1970-01-01T00:00:00Z", 0.0),
    ])
    func iso8601TimesAreRead(text: String, seconds: Double) {
        #expect(UTCTime(iso8601: text)?.secondsSince1970 == seconds)
    }

    @Test(arguments: [
        "2026-11-26", "2026-11-26T09:05:00", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2026-11-26T24:00:00Z",
        "2026-11-26T09:05:00.Z", "2026-11-26T09:05:00Zjunk", "２026-11-26T09:05:00Z", "",
    ])
    func malformedISO8601TimesAreNot(text: String) {
        #expect(UTCTime(iso8601: text) == nil)
    }

    @Test func httpDatesAreRead() {
        #expect(UTCTime(httpDate: "Sun, 06 Nov 1994 08:49:37 GMT")?.secondsSince1970 == 784_111_777)
        #expect(UTCTime(httpDate: "Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(UTCTime(httpDate: "Sun, 06 Nov 1994 08:49:37 UTC") == nil)
    }

    @Test func timesAreWrittenInUTCRoundedUp() {
        #expect(UTCTime(secondsSince1970: 1_795_683_900).description == "2026-11-26T09:05:00Z")
        #expect(UTCTime(secondsSince1970: 1_795_683_900.2).description == "2026-11-26T09:05:01Z")
        #expect(UTCTime(secondsSince1970: 951_782_400).description == "2000-02-29T00:00:00Z")
    }

    @Test func rateLimitResetsComeFromTheFirstUsableHeader() {
        let now = UTCTime(secondsSince1970: 1_795_683_000)
        func reset(_ fields: [(String, String)]) -> RateLimitReset? {
            RateLimitReset(headers: HTTPHeaders(fields.map { (name: $0.0, value: $0.1) }), now: now)
        }
        // Mastodon: ISO 8601.
        #expect(reset([("X-RateLimit-Reset", "2026-11-26T09:05:00.000Z")])?.secondsFrom(now) == 900)
        // Bluesky: seconds since 1970.
        #expect(reset([("ratelimit-reset", "1795683060")])?.secondsFrom(now) == 60)
        // The IETF draft: seconds from now.
        #expect(reset([("RateLimit-Reset", "30")])?.secondsFrom(now) == 30)
        // Retry-After first, in seconds or as an HTTP date.
        #expect(reset([("X-RateLimit-Reset", "2026-11-26T09:05:00Z"), ("Retry-After", "5")])?.header == "Retry-After")
        #expect(reset([("Retry-After", "Thu, 26 Nov 2026 08:50:10 GMT")])?.secondsFrom(now) == 10)
        // A junk value is skipped for the next header; none usable gives nil.
        #expect(reset([("Retry-After", "soon"), ("ratelimit-reset", "1795683010")])?.secondsFrom(now) == 10)
        #expect(reset([("Retry-After", "-5")]) == nil)
        #expect(reset([("Retry-After", "1e9")]) == nil)
        #expect(reset([("Retry-After", String(repeating: "9", count: 80))]) == nil)
        #expect(reset([]) == nil)
        // A reset in the past waits nothing.
        #expect(reset([("ratelimit-reset", "1795682000")])?.wait(from: now) == .zero)
    }

    @Test func serverMessagesAreQuotedFromTheirJSON() {
        func message(_ text: String) -> String? { ServerMessage.from(Array(text.utf8)) }
        #expect(
            message(#"{"error":"Validation failed: Text can't be blank"}"#) == "Validation failed: Text can't be blank"
        )
        #expect(message(#"{"error":"InvalidRequest","message":"bad record"}"#) == "InvalidRequest: bad record")
        #expect(
            message(#"{"error":"invalid_grant","error_description":"The code is invalid"}"#)
                == "invalid_grant: The code is invalid"
        )
        #expect(message(#" {"message":"line\nbreak"}"#) == "linebreak")
        #expect(message(#"{"error":{"code":5}}"#) == nil)
        #expect(message("<html>502 Bad Gateway</html>") == nil)
        #expect(message(#"["error"]"#) == nil)
        let long = message("{\"error\":\"\(String(repeating: "a", count: 1000))\"}")
        #expect(long?.count == ServerMessage.maximumLength)
    }
}
