#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `POST /api/v2/media` and `GET /api/v1/media/:id` answer, as far as a post needs it: the
/// attachment's id, and its `url`, which is null while the server still processes it.
package struct MastodonMediaAnswer: Sendable, Hashable {
    /// The attachment's id, for the status's `media_ids[]`.
    package var id: String
    /// Where the processed file is; nil while processing.
    package var url: String?

    /// Reads the answer, capped at ``MastodonAnswers/maximumAnswerBytes``.
    ///
    /// - Throws: ``MastodonAnswerError`` naming the field at fault.
    package static func read(_ body: [UInt8]) throws(MastodonAnswerError) -> MastodonMediaAnswer {
        let answer = try MastodonAnswers.decode(Wire.self, body, what: "media answer")
        let id = try MastodonAnswers.identifier(answer.id, "id")
        let url = try answer.url.map { value throws(MastodonAnswerError) in try MastodonAnswers.link(value, "url") }
        return MastodonMediaAnswer(id: id, url: url)
    }

    private struct Wire: Decodable {
        var id: String?
        var url: String?
    }
}

/// What `POST /api/v1/statuses` answers, as far as the receipt needs it: the status's `id`, its
/// web page `url` (`https://HOST/@user/ID`) and its ActivityPub `uri`.
package struct MastodonPostedStatus: Sendable, Hashable {
    /// The status's id, which a reply names as `in_reply_to_id`.
    package var id: String
    /// The status's page; nil when the server gives none, when ``uri`` stands in.
    package var url: String?
    /// The status's ActivityPub id.
    package var uri: String

    /// The address to show a person: ``url``, else ``uri``.
    package var link: String { url ?? uri }

    /// Reads the answer, capped at ``MastodonAnswers/maximumAnswerBytes``.
    ///
    /// - Throws: ``MastodonAnswerError`` naming the field at fault.
    package static func read(_ body: [UInt8]) throws(MastodonAnswerError) -> MastodonPostedStatus {
        let answer = try MastodonAnswers.decode(Wire.self, body, what: "status answer")
        let id = try MastodonAnswers.identifier(answer.id, "id")
        guard let uri = answer.uri else {
            throw MastodonAnswerError(.invalidAnswer, field: "uri", "is missing")
        }
        let url = try answer.url.map { value throws(MastodonAnswerError) in try MastodonAnswers.link(value, "url") }
        return MastodonPostedStatus(id: id, url: url, uri: try MastodonAnswers.link(uri, "uri"))
    }

    private struct Wire: Decodable {
        var id: String?
        var url: String?
        var uri: String?
    }
}

/// The checks the answers share.
package enum MastodonAnswers {
    /// The largest media or status answer read: 256 KiB (a status with its account and media is
    /// a few KiB).
    package static let maximumAnswerBytes = 262_144
    /// The longest id read: 64 bytes (Mastodon's are snowflakes of up to 20 digits).
    package static let maximumIDBytes = 64
    /// The longest URL read: 2048 bytes.
    package static let maximumURLBytes = 2048

    static func decode<T: Decodable>(_ type: T.Type, _ body: [UInt8], what: String) throws(MastodonAnswerError) -> T {
        guard body.count <= maximumAnswerBytes else {
            throw MastodonAnswerError(
                .answerTooLarge,
                field: "$",
                "the \(what) is \(body.count) bytes, over the \(maximumAnswerBytes) read"
            )
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty {
            throw MastodonAnswerError(
                .invalidAnswer,
                field: context.codingPath.map(\.stringValue).joined(separator: "."),
                "is not a string"
            )
        } catch {
            throw MastodonAnswerError(.invalidAnswer, field: "$", "the \(what) is not a JSON object")
        }
    }

    static func identifier(_ value: String?, _ field: String) throws(MastodonAnswerError) -> String {
        guard let value else { throw MastodonAnswerError(.invalidAnswer, field: field, "is missing") }
        let bytes = Array(value.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumIDBytes,
            bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x2F && $0 != 0x3F && $0 != 0x23 })
        else {
            throw MastodonAnswerError(
                .invalidAnswer,
                field: field,
                "is not an id of 1 to \(maximumIDBytes) visible ASCII characters without / ? #"
            )
        }
        return value
    }

    static func link(_ value: String, _ field: String) throws(MastodonAnswerError) -> String {
        let lower = value.lowercased()
        guard value.utf8.count <= maximumURLBytes, lower.hasPrefix("https://") || lower.hasPrefix("http://"),
            value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else {
            throw MastodonAnswerError(
                .invalidAnswer,
                field: field,
                "is not an http(s) URL of at most \(maximumURLBytes) bytes without spaces or control characters"
            )
        }
        return value
    }
}
