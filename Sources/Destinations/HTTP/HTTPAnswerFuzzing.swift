import HTTPTransport
import ShareCore

/// What the HTTP layer reads from a server's answer, on arbitrary bytes, for the `http-answer`
/// fuzz target (`Fuzz/`): the header block, the rate-limit reset, the times in it, the server's
/// error message, and the classification of the whole answer.
@_spi(Fuzzing)
public enum HTTPAnswerFuzzing {
    /// The canary put in the request's `Authorization` header: no error text may contain it.
    public static let canary = "canary-fuzz-token"

    /// Reads `bytes` as an answer: the first two bytes choose the status (100 to 599), the rest up to
    /// a NUL byte is the header block, the rest after it the body. Returns the broken invariants
    /// (empty when all hold).
    public static func read(_ bytes: [UInt8]) -> [String] {
        var broken: [String] = []
        let status = 100 + (Int(bytes.first ?? 0) << 8 | Int(bytes.dropFirst().first ?? 0)) % 500
        let rest = Array(bytes.dropFirst(2))
        let split = rest.firstIndex(of: 0) ?? rest.endIndex
        let block = Array(rest[..<split])
        let body = split < rest.endIndex ? Array(rest[(split + 1)...]) : []
        let headers = HTTPHeaders(parsing: block)
        if headers.fields.count > HTTPHeaders.maximumFields { broken.append("more fields than the cap") }
        for field in headers where field.name.isEmpty || field.name.contains(":") || field.name.contains(" ") {
            broken.append("field name '\(field.name)' is not a token")
        }
        let now = UTCTime(secondsSince1970: 1_795_683_000)
        if let reset = RateLimitReset(headers: headers, now: now) {
            if !reset.time.secondsSince1970.isFinite { broken.append("reset time not finite") }
            if reset.wait(from: now) < .zero { broken.append("negative wait") }
        }
        let text = String(decoding: block.prefix(64), as: UTF8.self)
        for time in [UTCTime(iso8601: text), UTCTime(httpDate: text)].compactMap(\.self) {
            let written = time.description
            guard let again = UTCTime(iso8601: written) else {
                broken.append("\(written) does not read back")
                continue
            }
            if again.secondsSince1970 != time.secondsSince1970.rounded(.up) { broken.append("\(written) moved") }
        }
        if let message = ServerMessage.from(body) {
            if message.count > ServerMessage.maximumLength { broken.append("message over the cap") }
            if message.unicodeScalars.contains(where: { $0.value < 0x20 }) { broken.append("control in message") }
        }
        guard let url = try? HTTPURL("https://example.org/api") else { return ["the URL is refused"] }
        let request = HTTPRequest(.post, url, headers: ["Authorization": "Bearer \(canary)"], body: .json(body))
        let classifier = HTTPErrorClassifier(destination: "network", now: { now })
        if let error = classifier.error(for: HTTPResponse(status: status, headers: headers, body: body), to: request) {
            let texts = [error.message, error.description, error.detail?.description ?? ""]
            if texts.contains(where: { $0.contains(canary) }) { broken.append("the canary is in \(error)") }
            if let wait = error.retryAfter, wait < .zero { broken.append("negative retryAfter") }
        } else if !(200..<300).contains(status) {
            broken.append("status \(status) gave no error")
        }
        return broken
    }
}
