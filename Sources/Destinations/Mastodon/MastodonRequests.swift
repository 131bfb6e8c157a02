import HTTPTransport
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The requests a Mastodon post makes, as ``HTTPRequest`` values: the card's upload
/// (`POST /api/v2/media`) and the status (`POST /api/v1/statuses`). Each carries the token as a
/// bearer `Authorization` header, which the client keeps out of everything it reports.
package enum MastodonRequests {
    /// `POST /api/v2/media`: the image as the multipart `file` with its media type, the alt text
    /// as `description` (left out when there is none: never the file name), and the focal point
    /// as `focus`, `"x,y"`.
    ///
    /// - Parameters:
    ///   - instance: The server, `https://HOST` (or a loopback test server).
    ///   - fileName: The name the `file` part carries; only the server's storage sees it.
    ///   - focus: The focal point, each coordinate in -1.0...1.0 (0,0 is the centre).
    /// - Throws: ``MastodonRequestError`` naming `focus` or `instance`.
    package static func uploadMedia(
        instance: HTTPURL,
        token: Secret,
        image: [UInt8],
        mediaType: String,
        fileName: String,
        altText: String?,
        focus: (x: Double, y: Double)? = nil
    ) throws(MastodonRequestError) -> HTTPRequest {
        var form = MultipartForm()
        form.append(file: "file", fileName: fileName, contentType: mediaType, bytes: image)
        if let altText, !altText.isEmpty {
            form.append(field: "description", altText)
        }
        if let focus {
            form.append(field: "focus", try focusText(x: focus.x, y: focus.y))
        }
        return HTTPRequest(
            .post,
            try url(instance, "/api/v2/media"),
            headers: headers(token),
            body: .multipart(form),
            secrets: [token.revealed()]
        )
    }

    /// `POST /api/v1/statuses` as JSON, with the share's `Idempotency-Key` header; the same key
    /// on every retry gives the same request.
    ///
    /// - Throws: ``MastodonRequestError`` naming `instance`.
    package static func postStatus(
        instance: HTTPURL,
        token: Secret,
        status: MastodonStatus,
        idempotencyKey: MastodonIdempotencyKey
    ) throws(MastodonRequestError) -> HTTPRequest {
        var headers = headers(token)
        headers.append("Idempotency-Key", idempotencyKey.value)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body: Data
        do {
            body = try encoder.encode(status)
        } catch {
            throw MastodonRequestError(field: "status", "can't be written as JSON")
        }
        return HTTPRequest(
            .post,
            try url(instance, "/api/v1/statuses"),
            headers: headers,
            body: .json(Array(body)),
            secrets: [token.revealed()]
        )
    }

    /// `GET /api/v1/media/:id`: whether an upload the server answered with 202 is processed.
    ///
    /// - Throws: ``MastodonRequestError`` naming `instance`.
    package static func media(instance: HTTPURL, token: Secret, id: String) throws(MastodonRequestError) -> HTTPRequest
    {
        HTTPRequest(
            .get,
            try url(instance, "/api/v1/media/\(id)"),
            headers: headers(token),
            secrets: [token.revealed()]
        )
    }

    /// `GET /api/v2/instance`: the server's limits. It needs no token, and is sent without one.
    ///
    /// - Throws: ``MastodonRequestError`` naming `instance`.
    package static func instanceLimits(instance: HTTPURL) throws(MastodonRequestError) -> HTTPRequest {
        HTTPRequest(.get, try url(instance, "/api/v2/instance"), headers: ["Accept": "application/json"])
    }

    /// `"x,y"` with two decimals, each in -1.0...1.0.
    package static func focusText(x: Double, y: Double) throws(MastodonRequestError) -> String {
        for (name, value) in [("x", x), ("y", y)] where !(value.isFinite && (-1...1).contains(value)) {
            throw MastodonRequestError(field: "focus", "\(name) is \(value), outside -1.0...1.0")
        }
        return decimal(x) + "," + decimal(y)
    }

    private static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func headers(_ token: Secret) -> HTTPHeaders {
        ["Authorization": "Bearer \(token.revealed())", "Accept": "application/json"]
    }

    private static func url(_ instance: HTTPURL, _ path: String) throws(MastodonRequestError) -> HTTPURL {
        do {
            return try HTTPURL(instance.origin + path)
        } catch {
            throw MastodonRequestError(field: "instance", "\(instance.origin) can't take the path \(path)")
        }
    }
}
