import HTTPTransport
import ShareCore

/// Sends the two session calls to one PDS and turns every way they can fail into the
/// ``ShareCore/ShareError`` the router acts on, its message quoting the server's `error` and
/// `message` with every secret of the call taken out.
///
/// | What happened | Code | Detail |
/// | --- | --- | --- |
/// | `AuthFactorTokenRequired` (an email sign-in code) | `permanent`: an app password skips it | `sign-in-again` |
/// | `ExpiredToken`, `InvalidToken` to `refreshSession` | `permanent`: sign in again | `sign-in-again` |
/// | 401 or 403 to `createSession` | `permanent`: handle or app password refused | `sign-in-again` |
/// | `AccountTakedown` | `permanent`, quoting the server | `rejected-by-server` |
/// | 429 | `transient` until `ratelimit-reset` | `rate-limited` |
/// | 5xx, refused or broken connection | `transient` | |
/// | sent and no answer | `transient`: no post was made, so the outcome of a share is not in doubt | |
/// | a 2xx that is not the lexicon's output | `permanent`, naming the field | `rejected-by-server` |
/// | `active: false` | `permanent`, with the `status` | `sign-in-again` |
package struct BlueskySessionCalls: Sendable {
    /// The PDS the calls go to.
    package var server: BlueskyServer
    /// The destination the errors are for.
    package var destination: DestinationID
    /// The current time, for a rate limit's reset.
    package var now: @Sendable () -> UTCTime

    /// Calls to `server`, on behalf of `destination`.
    package init(
        server: BlueskyServer,
        destination: DestinationID = "bluesky",
        now: @escaping @Sendable () -> UTCTime = { UTCTime.now() }
    ) {
        self.server = server
        self.destination = destination
        self.now = now
    }

    /// Signs in with `identifier` (a handle or DID) and `password` (an app password).
    ///
    /// - Throws: ``ShareCore/ShareError`` as the table above says.
    package func createSession(
        identifier: String,
        password: Secret,
        client: HTTPClient
    ) async throws(ShareError) -> BlueskySessionAnswer {
        let request = BlueskySessionRequests.createSession(server: server, identifier: identifier, password: password)
        return try await send(request, call: "createSession", secrets: [password], client: client) { failure in
            guard let failure else { return nil }
            let said = quote(failure.xrpc)
            if failure.xrpc?.name == "AuthFactorTokenRequired" {
                return (
                    "\(server) asks for the sign-in code it emailed\(said): the account has email two-factor sign-in, which an app password skips; \(BlueskyAppPassword.whereToCreate), and sign in with it instead of the account's password",
                    .init(.signInAgain, value: "AuthFactorTokenRequired", found: [server.description])
                )
            }
            if failure.status == 401 || failure.status == 403 {
                return (
                    "\(server) refused the handle \(identifier) and its app password (\(failure.status))\(said); check both, or create a new app password if this one was revoked",
                    .init(.signInAgain, value: failure.xrpc?.name, found: [server.description, String(failure.status)])
                )
            }
            return nil
        }
    }

    /// Trades `refreshToken` for a new session, whose refresh token replaces it (refresh tokens
    /// rotate: the old one stops working).
    ///
    /// - Parameters:
    ///   - signInAgain: What to do when the server refuses the refresh token, such as
    ///     `sign in to alice.bsky.social on https://bsky.social again`.
    ///   - detail: The detail of that refusal (its code `sign-in-again`), to which the status and
    ///     the server's error name are added.
    /// - Throws: ``ShareCore/ShareError`` as the table above says.
    package func refreshSession(
        refreshToken: Secret,
        signInAgain: String,
        detail: ShareError.Detail = .init(.signInAgain),
        client: HTTPClient
    ) async throws(ShareError) -> BlueskySessionAnswer {
        let request = BlueskySessionRequests.refreshSession(server: server, refreshToken: refreshToken)
        return try await send(request, call: "refreshSession", secrets: [refreshToken], client: client) { failure in
            guard let failure else { return nil }
            let name = failure.xrpc?.name
            if name == "ExpiredToken" || name == "InvalidToken" || failure.status == 401 || failure.status == 403 {
                return (
                    "\(server) no longer accepts the stored sign-in (\(failure.status))\(quote(failure.xrpc)); refresh tokens expire and are replaced at each refresh, so an old or lost one signs the account out: \(signInAgain)",
                    {
                        var refused = detail
                        refused.found += [String(failure.status)] + (name.map { [$0] } ?? [])
                        return refused
                    }()
                )
            }
            return nil
        }
    }

    // MARK: Inside

    /// A refused call: its status and XRPC error.
    struct Failure {
        var status: Int
        var xrpc: BlueskyXRPCError?
    }

    private func send(
        _ request: HTTPRequest,
        call: String,
        secrets: [Secret],
        client: HTTPClient,
        refusal: (Failure?) -> (message: String, detail: ShareError.Detail)?
    ) async throws(ShareError) -> BlueskySessionAnswer {
        var redactor = SecretRedactor(secrets)
        let classifier = HTTPErrorClassifier(destination: destination, now: now)
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            var shareError = classifier.error(for: error, to: request)
            if shareError.code == .outcomeUnknown {
                // A session call creates no post: trying again can't post twice.
                shareError = ShareError(
                    .transient,
                    destination: destination,
                    message: "\(error); no answer to \(call), so no session was made and nothing was posted",
                    underlying: error
                )
            }
            throw shareError
        }
        let xrpc = BlueskyAnswers.xrpcError(response.body)
        if !response.isSuccess {
            let failure = Failure(status: response.status, xrpc: xrpc)
            if let (message, detail) = refusal(failure) {
                throw redacted(.permanent, message, detail, redactor)
            }
            if xrpc?.name == "AccountTakedown" {
                throw redacted(
                    .permanent,
                    "\(server) refused \(call) (\(response.status))\(quote(xrpc)): the account is taken down",
                    .init(.rejectedByServer, value: "AccountTakedown", found: [String(response.status)]),
                    redactor
                )
            }
            // 429, 5xx, 413 and the rest: the shared classification (it redacts the request's secrets).
            throw classifier.error(for: response, to: request)
                ?? redacted(.permanent, "\(server) refused \(call) (\(response.status))", nil, redactor)
        }
        let answer: BlueskySessionAnswer
        do throws(BlueskyRecordError) {
            answer = try BlueskySessionAnswer.read(response.body, call: call)
        } catch {
            throw redacted(
                .permanent,
                "\(server) answered \(call) with something that is not a session: \(error)",
                .init(.rejectedByServer, value: error.field, found: [error.code.description]),
                redactor
            )
        }
        redactor = SecretRedactor(secrets + [answer.accessToken, answer.refreshToken])
        if answer.active == false {
            let status = answer.status.map { " (\($0))" } ?? ""
            throw redacted(
                .permanent,
                "\(server) says the account \(answer.handle) is not active\(status), so it can't post; see its settings on bsky.app",
                .init(.signInAgain, value: answer.status, found: [answer.handle]),
                redactor
            )
        }
        return answer
    }

    private func redacted(
        _ code: ShareError.Code,
        _ message: String,
        _ detail: ShareError.Detail?,
        _ redactor: SecretRedactor
    ) -> ShareError {
        var detail = detail
        if let original = detail {
            detail?.value = redactor.redact(original.value)
            detail?.found = original.found.map { redactor.redact($0) }
        }
        return ShareError(code, destination: destination, message: redactor.redact(message), detail: detail)
    }
}

/// `: "AuthenticationRequired: Invalid identifier or password"`, or nothing.
private func quote(_ error: BlueskyXRPCError?) -> String {
    guard let error else { return "" }
    return ": \"" + error.name + (error.message.map { ": " + $0 } ?? "") + "\""
}
