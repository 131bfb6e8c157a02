/// A request that got no complete answer, with how far it got: what the caller needs to know
/// to decide whether sending it again is safe.
///
/// Its ``description`` names the server (origin and path, never the query), never a header
/// value: the `Authorization` header and the request's secrets are taken out of libcurl's text.
package struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// How much of the request left this machine.
    package enum Progress: Sendable, Hashable {
        /// Nothing: the URL was refused, or DNS, the connection or the TLS handshake failed.
        /// Sending again is safe.
        case notSent
        /// Part of it; a server does not act on an incomplete request, so sending again is safe.
        case partlySent
        /// All of it: the server may have acted on it. Only an idempotent request is safe to resend.
        case sent
    }

    /// Why no answer came.
    package enum Reason: Sendable, Hashable {
        /// The URL is not one sharevia sends to (``HTTPURL``), or a header is malformed.
        case refused
        /// libcurl can't be loaded.
        case libraryMissing
        /// The host name did not resolve.
        case hostNotFound
        /// The connection was refused or the host unreachable.
        case connectionFailed
        /// The TLS handshake failed, or the certificate did not verify.
        case tlsFailed
        /// The connect timeout or the overall deadline passed.
        case timedOut
        /// The connection closed or reset before a complete answer.
        case connectionBroken
        /// The answer's body (or its headers) is over the cap, in bytes.
        case responseTooLarge(limit: Int)
        /// The task was cancelled.
        case cancelled
        /// Anything else libcurl reported, by its CURLcode.
        case other(curlCode: Int)
    }

    package var reason: Reason
    package var progress: Progress
    /// The status of an answer that began but did not complete (a body over the cap, a
    /// connection that broke mid-body), if one did.
    package var status: Int?
    /// The server, as `https://host:port/path`.
    package var server: String
    /// What happened, for people: libcurl's words, secrets taken out.
    package var detail: String

    package init(_ reason: Reason, progress: Progress, status: Int? = nil, server: String, detail: String) {
        self.reason = reason
        self.progress = progress
        self.status = status
        self.server = server
        self.detail = detail
    }

    package var description: String {
        let what: String
        switch reason {
        case .refused: what = "refused the request before sending it"
        case .libraryMissing: what = "can't send HTTP requests"
        case .hostNotFound: what = "can't resolve the host of \(server)"
        case .connectionFailed: what = "can't connect to \(server)"
        case .tlsFailed: what = "TLS with \(server) failed"
        case .timedOut: what = "\(server) did not answer in time"
        case .connectionBroken: what = "the connection to \(server) broke"
        case .responseTooLarge(let limit): what = "\(server) answered with more than \(limit) bytes"
        case .cancelled: what = "cancelled the request to \(server)"
        case .other(let code): what = "the request to \(server) failed (curl error \(code))"
        }
        return detail.isEmpty ? what : "\(what): \(detail)"
    }
}
