import ShareCore

/// Turns an HTTP answer or a transport failure into the ``ShareCore/ShareError`` the router acts
/// on, for every network destination alike. The facts go into ``ShareCore/ShareError/detail``
/// (the caller turns them into advice); messages quote the server's own words with secrets
/// taken out, and never a header value.
///
/// | What happened | Code | Detail |
/// | --- | --- | --- |
/// | 2xx | none | |
/// | 401, 403 | `permanent` | `sign-in-again` |
/// | 400, 422 (and other 4xx) | `permanent`, quoting the server | `rejected-by-server` |
/// | 413 | `permanent`, naming the limit | `over-limit` |
/// | 415 | `permanent` | `unsupported-type` |
/// | 429 | `transient`, ``ShareCore/ShareError/retryAfter`` set | `rate-limited` (UTC time, seconds) |
/// | 408, 5xx | `transient` (a 503's `Retry-After` is kept) | |
/// | 3xx not followed | `permanent` | |
/// | nothing sent (DNS, refused), part sent, or a safe method | `transient` | |
/// | TLS failed | `permanent` | `tls-failed` |
/// | all sent, no answer (a POST) | `outcome-unknown` | `no-answer` |
package struct HTTPErrorClassifier: Sendable {
    /// The destination the errors are for.
    package var destination: DestinationID
    /// The limit a 413 breaks, as the destination knows it (`16 MB (the instance's image_size_limit)`).
    package var sizeLimit: String?
    /// What makes a retry safe after an unknown outcome (`the Idempotency-Key header`, `the
    /// record key 3l2x...`), to say so in the message and the detail.
    package var retryKey: String?
    /// The current time, for a rate limit's reset.
    package var now: @Sendable () -> UTCTime

    package init(
        destination: DestinationID,
        sizeLimit: String? = nil,
        retryKey: String? = nil,
        now: @escaping @Sendable () -> UTCTime = { UTCTime.now() }
    ) {
        self.destination = destination
        self.sizeLimit = sizeLimit
        self.retryKey = retryKey
        self.now = now
    }

    /// The error for `response` to `request`, or nil for a 2xx answer.
    package func error(for response: HTTPResponse, to request: HTTPRequest) -> ShareError? {
        guard !response.isSuccess else { return nil }
        let redactor = SecretRedactor(request.allSecrets.map(Secret.init))
        let server = request.url.origin
        let status = response.status
        let quoted = ServerMessage.from(response.body).map { redactor.redact($0) }
        let said = quoted.map { ": \"\($0)\"" } ?? ""
        func make(_ code: ShareError.Code, _ message: String, _ detail: ShareError.Detail? = nil) -> ShareError {
            // Whatever the server echoed (a Location, a message) passes the redactor too.
            var redacted = detail
            redacted?.value = redactor.redact(detail?.value)
            redacted?.found = detail?.found.map { redactor.redact($0) } ?? []
            return ShareError(code, destination: destination, message: redactor.redact(message), detail: redacted)
        }
        switch status {
        case 401, 403:
            return make(
                .permanent,
                "\(server) refused the credentials (\(status))\(said); sign in again to get a new token",
                .init(.signInAgain, found: [server, String(status)])
            )
        case 413:
            let sent = request.body.encoded()?.bytes.count ?? 0
            let limit = sizeLimit.map { "the limit is \($0)" } ?? "the server did not say its limit"
            return make(
                .permanent,
                "\(server) refused the request as too large (413): \(sent) bytes sent, \(limit)\(said)",
                .init(.overLimit, value: sizeLimit, found: [String(sent)])
            )
        case 415:
            let type = Self.mediaType(of: request.body)
            return make(
                .permanent,
                "\(server) does not take \(type) (415 unsupported media type)\(said)",
                .init(.unsupportedType, value: type)
            )
        case 429:
            let time = now()
            let reset = RateLimitReset(headers: response.headers, now: time)
            guard let reset else {
                return make(
                    .transient,
                    "\(server) is rate-limiting these requests (429) and did not say when the limit resets\(said)",
                    .init(.rateLimited)
                )
            }
            let seconds = reset.secondsFrom(time)
            var error = make(
                .transient,
                "\(server) is rate-limiting these requests (429): the limit resets at \(reset.time) (in \(seconds) s)",
                .init(.rateLimited, value: reset.time.description, found: [String(seconds)])
            )
            error.retryAfter = reset.wait(from: time)
            return error
        case 408, 500...599:
            var error = make(
                .transient,
                "\(server) answered \(status), a server-side failure\(said); retrying may help"
            )
            if status == 503, let reset = RateLimitReset(headers: response.headers, now: now()),
                reset.header == "Retry-After"
            {
                error.retryAfter = reset.wait(from: now())
            }
            return error
        case 300...399:
            let target = response.headers["Location"].flatMap { request.url.resolving($0)?.origin } ?? "elsewhere"
            return make(
                .permanent,
                "\(server) redirected the request (\(status)) to \(target); not followed, so the credentials stay with \(server)"
            )
        default:
            let what = quoted.map { ": \"\($0)\"" } ?? " without saying why"
            return make(
                .permanent,
                "\(server) refused the request (\(status))\(what)",
                .init(.rejectedByServer, value: quoted, found: [String(status)])
            )
        }
    }

    /// The error for a request that got no complete answer.
    package func error(for failure: HTTPTransportError, to request: HTTPRequest) -> ShareError {
        let server = request.url.origin
        func make(_ code: ShareError.Code, _ message: String, _ detail: ShareError.Detail? = nil) -> ShareError {
            ShareError(code, destination: destination, message: message, detail: detail, underlying: failure)
        }
        // The answer began with an error status: that status says what to do.
        if let status = failure.status, !(200..<300).contains(status),
            let error = error(for: HTTPResponse(status: status), to: request)
        {
            return error
        }
        switch failure.reason {
        case .cancelled:
            return make(.cancelled, "cancelled the request to \(server)")
        case .libraryMissing:
            return make(.unavailable, failure.detail)
        case .refused:
            return make(.permanent, "\(failure)", .init(.unusableSetting, value: server))
        case .tlsFailed:
            return make(.permanent, "\(failure)", .init(.tlsFailed, found: [server]))
        default:
            break
        }
        if failure.progress == .sent && !request.method.isSafe {
            var message = "\(failure); \(server) took the whole request, so it may have been carried out"
            if let retryKey { message += "; \(retryKey) makes a later retry safe" }
            return make(.outcomeUnknown, message, .init(.noAnswer, found: [server] + (retryKey.map { [$0] } ?? [])))
        }
        switch failure.progress {
        case .notSent: return make(.transient, "\(failure) (nothing was sent)")
        case .partlySent: return make(.transient, "\(failure) (the request was cut off, so it was not carried out)")
        case .sent: return make(.transient, "\(failure)")
        }
    }

    /// The media type a body carries: a form's (first) file's, else the body's.
    static func mediaType(of body: HTTPBody) -> String {
        switch body {
        case .none: return "an empty body"
        case .bytes(_, let type): return type
        case .multipart(let form):
            for part in form.parts {
                if case .file(_, _, let type, _) = part { return type }
            }
            return "multipart/form-data"
        }
    }
}
