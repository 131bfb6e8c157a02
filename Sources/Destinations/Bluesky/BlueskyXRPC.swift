import HTTPTransport
import ShareCore

/// Sends one share's XRPC calls to a PDS and turns every failure into the ``ShareError`` the
/// router acts on: through ``HTTPTransport/HTTPErrorClassifier``, except the XRPC errors that say
/// more than their status (`ExpiredToken`, `BlobTooLarge`, a record that already exists).
struct BlueskyXRPC: Sendable {
    /// What a call answered: a success's body, or an XRPC error sharevia handles itself.
    enum Answer: Sendable {
        case success([UInt8])
        /// `ExpiredToken`: the access token must be refreshed, then the call sent again.
        case expiredToken
        /// createRecord's answer when the record key is taken (a retry of a post that went out).
        case alreadyExists(message: String)
        /// getRecord's answer when there is no record under the key (`RecordNotFound`).
        case recordNotFound(message: String)
    }

    let client: HTTPClient
    let destination: DestinationID
    let now: @Sendable () -> UTCTime

    /// `GET /xrpc/METHOD?QUERY`.
    func get(
        _ method: String,
        query: [(String, String)],
        session: BlueskySession
    ) async throws(ShareError) -> Answer {
        let pairs = query.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
        return try await send(.get, method, query: pairs, body: .none, session: session)
    }

    /// `POST /xrpc/METHOD` with `body`.
    func post(
        _ method: String,
        body: HTTPBody,
        session: BlueskySession,
        sizeLimit: String? = nil,
        retryKey: String? = nil
    ) async throws(ShareError) -> Answer {
        try await send(.post, method, query: "", body: body, session: session, sizeLimit: sizeLimit, retryKey: retryKey)
    }

    private func send(
        _ verb: HTTPMethod,
        _ method: String,
        query: String,
        body: HTTPBody,
        session: BlueskySession,
        sizeLimit: String? = nil,
        retryKey: String? = nil
    ) async throws(ShareError) -> Answer {
        let address = session.server.endpoint(method) + (query.isEmpty ? "" : "?\(query)")
        let url: HTTPURL
        do {
            url = try HTTPURL(address)
        } catch {
            throw ShareError(.permanent, destination: destination, message: "can't call \(method): \(error)")
        }
        let token = session.accessToken.revealed()
        let request = HTTPRequest(
            verb,
            url,
            headers: ["Authorization": "Bearer \(token)", "Accept": "application/json"],
            body: body,
            secrets: [token]
        )
        let classifier = HTTPErrorClassifier(
            destination: destination,
            sizeLimit: sizeLimit,
            retryKey: retryKey,
            now: now
        )
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            throw classifier.error(for: error, to: request)
        }
        if response.isSuccess { return .success(response.body) }
        let xrpc = BlueskyAnswers.xrpcError(response.body)
        switch xrpc?.name {
        case "ExpiredToken" where [400, 401].contains(response.status):
            return .expiredToken
        case "BlobTooLarge":
            throw ShareError(
                .permanent,
                destination: destination,
                message: "\(url.origin) refused the image as too large (\(method))"
                    + (sizeLimit.map { ": the limit is \($0)" } ?? "")
                    + (xrpc?.message.map { ": \"\(SecretRedactor([session.accessToken]).redact($0))\"" } ?? ""),
                detail: .init(.overLimit, value: sizeLimit)
            )
        case "RecordNotFound" where response.status == 400 && method == BlueskyPoster.getRecord:
            return .recordNotFound(
                message: SecretRedactor([session.accessToken]).redact(xrpc?.message ?? "RecordNotFound")
            )
        default:
            if response.status == 400, method == BlueskyPoster.createRecord, let xrpc,
                xrpc.name == "RecordAlreadyExists" || (xrpc.message ?? "").lowercased().contains("already exists")
            {
                return .alreadyExists(message: SecretRedactor([session.accessToken]).redact(xrpc.message ?? xrpc.name))
            }
        }
        throw classifier.error(for: response, to: request)
            ?? ShareError(.permanent, destination: destination, message: "")
    }
}
