import ShareCore

/// Sends HTTP requests through libcurl, which it loads with `dlopen` at the first request (a
/// program that never sends one never loads it).
///
/// What it guarantees, whatever the caller asks:
/// - TLS verification is always on (peer and host name); ``Configuration/trustedCertificates``
///   can only change which authorities are trusted.
/// - Only the URLs ``HTTPURL`` accepts: `https`, or plain `http` to a test server on this machine.
/// - HTTP/1.1 only, so "sent" means handed to the socket (see `chttp.c`).
/// - Redirects are followed only within the same origin (scheme, host and port), at most
///   ``Configuration/maxRedirects`` times; a redirect elsewhere comes back as the 3xx response
///   it is, so the `Authorization` header never goes to another host.
/// - The response body is read up to ``Configuration/maxResponseBytes`` and its headers up to
///   ``Configuration/maxHeaderBytes``, checked while reading: a larger answer is cut off there
///   and reported as `responseTooLarge`, never held in memory whole.
/// - ``Configuration/connectTimeout`` bounds the connection (DNS, TCP and TLS);
///   ``Configuration/deadline`` bounds the whole request. Cancelling the task aborts the
///   transfer within about a second. libcurl never raises signals (`CURLOPT_NOSIGNAL`).
/// - Errors say how far the request got (``HTTPTransportError/Progress``): nothing sent (safe to
///   resend), part of it, or all of it with no answer (the outcome is unknown).
/// - No header value appears in an error: the `Authorization` header and the request's
///   ``HTTPRequest/secrets`` are taken out of whatever libcurl says; URLs are shown without
///   their query.
///
/// ```swift
/// let client = HTTPClient()
/// var form = MultipartForm()
/// form.append(field: "description", "Achievement card: Night Owl")
/// form.append(file: "file", fileName: "card.png", contentType: "image/png", bytes: png)
/// let response = try await client.send(
///     HTTPRequest(.post, try HTTPURL("https://mastodon.example/api/v2/media"),
///                 headers: ["Authorization": "Bearer \(token.revealed())"], body: .multipart(form)))
/// ```
package struct HTTPClient: Sendable {
    /// The limits and trust of a client.
    package struct Configuration: Sendable, Hashable {
        /// How long DNS, the TCP connection and the TLS handshake may take together.
        package var connectTimeout: Duration
        /// How long the whole request may take, connection included, answer read. Keep it below
        /// the router's `RetryPolicy.deliveryTimeout`: a stall is then classified here (sent, no
        /// answer: `outcome-unknown`, never resent) instead of cut off by the router, which counts
        /// a timed-out delivery as transient and tries it again.
        package var deadline: Duration
        /// The largest response body read, in bytes (1 MiB by default: an API's JSON answer).
        package var maxResponseBytes: Int
        /// The largest response header block read, in bytes (64 KiB by default).
        package var maxHeaderBytes: Int
        /// A PEM file of the certificate authorities to trust instead of the system's (a private
        /// CA, a test CA). Verification stays on.
        package var trustedCertificates: String?
        /// How many same-origin redirects are followed.
        package var maxRedirects: Int
        /// The `User-Agent` header, unless the request sets one.
        package var userAgent: String

        package init(
            connectTimeout: Duration = .seconds(10),
            deadline: Duration = .seconds(30),
            maxResponseBytes: Int = 1 << 20,
            maxHeaderBytes: Int = 64 << 10,
            trustedCertificates: String? = nil,
            maxRedirects: Int = 5,
            userAgent: String = "sharevia"
        ) {
            self.connectTimeout = connectTimeout
            self.deadline = deadline
            self.maxResponseBytes = maxResponseBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.trustedCertificates = trustedCertificates
            self.maxRedirects = maxRedirects
            self.userAgent = userAgent
        }
    }

    package var configuration: Configuration

    package init(_ configuration: Configuration = Configuration()) { self.configuration = configuration }

    /// Sends `request` and returns the server's answer, whatever its status.
    ///
    /// - Throws: ``HTTPTransportError`` when no complete answer came: the URL or a header was
    ///   refused, the connection failed, the deadline passed, the answer was over the cap, or
    ///   the task was cancelled. Its ``HTTPTransportError/progress`` says how far the request got.
    package func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        var current = request
        var response = try await sendOnce(current)
        var redirects = 0
        while [301, 302, 303, 307, 308].contains(response.status), redirects < configuration.maxRedirects,
            let location = response.headers["Location"], let next = current.url.resolving(location),
            next.origin == current.url.origin
        {
            redirects += 1
            current.url = next
            if response.status == 303 || (current.method == .post && [301, 302].contains(response.status)) {
                current.method = .get
                current.body = .none
            }
            response = try await sendOnce(current)
        }
        return response
    }

    private func sendOnce(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let redactor = SecretRedactor(request.allSecrets.map(Secret.init))
        let server = request.url.origin + request.url.path
        var lines: [String] = []
        for field in request.headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(HTTPHeaders.isTokenByte) else {
                throw HTTPTransportError(
                    .refused,
                    progress: .notSent,
                    server: server,
                    detail: "the header name '\(MultipartForm.headerSafe(field.name))' is not an HTTP token"
                )
            }
            guard field.value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) })
            else {
                throw HTTPTransportError(
                    .refused,
                    progress: .notSent,
                    server: server,
                    detail: "the value of the header \(field.name) has a control character"
                )
            }
            lines.append("\(field.name): \(field.value)")
        }
        if request.headers["User-Agent"] == nil { lines.append("User-Agent: \(configuration.userAgent)") }
        let encoded = request.body.encoded()
        if let encoded, request.headers["Content-Type"] == nil {
            lines.append("Content-Type: \(MultipartForm.headerSafe(encoded.contentType))")
        }
        if Task.isCancelled {
            throw HTTPTransportError(.cancelled, progress: .notSent, server: server, detail: "")
        }
        let transfer = CurlHTTPTransfer(
            method: request.method,
            url: request.url,
            headerLines: lines,
            body: encoded?.bytes ?? (request.method == .get ? nil : []),
            configuration: configuration
        )
        let outcome = await transfer.run()
        if outcome.curlCode == 0 && outcome.status == 0 {
            return HTTPResponse(
                status: outcome.httpStatus,
                headers: HTTPHeaders(parsing: outcome.headerBlock),
                body: outcome.body
            )
        }
        let progress: HTTPTransportError.Progress
        switch outcome.sent {
        case 0: progress = .notSent
        case 1: progress = .partlySent
        default: progress = .sent
        }
        let detail = redactor.redact(
            outcome.error.replacing(request.url.description, with: server)
        )
        let clean = String(String.UnicodeScalarView(detail.unicodeScalars.filter { $0.value >= 0x20 }).prefix(300))
        try Self.fail(outcome, progress: progress, server: server, detail: clean, configuration: configuration)
    }

    private static func fail(
        _ outcome: CurlHTTPTransfer.Outcome,
        progress: HTTPTransportError.Progress,
        server: String,
        detail: String,
        configuration: Configuration
    ) throws(HTTPTransportError) -> Never {
        let status = outcome.httpStatus > 0 ? outcome.httpStatus : nil
        let reason: HTTPTransportError.Reason
        if outcome.status == -1 {
            reason = .libraryMissing
        } else if outcome.bodyTooLarge {
            reason = .responseTooLarge(limit: configuration.maxResponseBytes)
        } else if outcome.headersTooLarge {
            reason = .responseTooLarge(limit: configuration.maxHeaderBytes)
        } else {
            switch outcome.curlCode {
            case 6: reason = .hostNotFound
            case 7: reason = .connectionFailed
            case 28: reason = .timedOut
            case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98: reason = .tlsFailed
            case 8, 16, 18, 52, 55, 56, 92: reason = .connectionBroken
            case 42: reason = .cancelled
            default: reason = .other(curlCode: outcome.curlCode)
            }
        }
        throw HTTPTransportError(reason, progress: progress, status: status, server: server, detail: detail)
    }
}
