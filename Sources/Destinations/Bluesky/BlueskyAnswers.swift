#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads what a PDS answers to the calls a post makes: `uploadBlob`'s blob, `createRecord`'s
/// record reference, and an XRPC error's name and message.
///
/// Each answer is capped at ``maximumAnswerBytes`` before it is parsed; anything that is not the
/// lexicon's shape is refused with a ``BlueskyRecordError`` (`invalid-answer`) naming the field.
package enum BlueskyAnswers {
    /// The largest answer read: 64 KiB (the real ones are a few hundred bytes).
    package static let maximumAnswerBytes = 65_536
    /// The longest server message quoted in an error: 300 characters.
    package static let maximumQuotedMessage = 300

    /// The blob of `com.atproto.repo.uploadBlob`'s answer, `{"blob": {...}}`.
    ///
    /// - Throws: ``BlueskyRecordError``: `answer-too-large`, or `invalid-answer` naming the field.
    package static func uploadedBlob(_ body: [UInt8]) throws(BlueskyRecordError) -> BlueskyBlob {
        let answer = try decode(UploadBlobAnswer.self, body, call: "uploadBlob")
        guard let blob = answer.blob else { throw invalid("blob", "is missing from uploadBlob's answer") }
        guard blob.type == "blob" else {
            throw invalid("blob.$type", "is \(quoted(blob.type)), not \"blob\" (a legacy blob reference?)")
        }
        guard let cid = blob.ref?.link else { throw invalid("blob.ref", "has no \"$link\" CID") }
        guard let mimeType = blob.mimeType else { throw invalid("blob.mimeType", "is missing") }
        guard let size = blob.size else { throw invalid("blob.size", "is missing") }
        do {
            return try BlueskyBlob(cid: cid, mimeType: mimeType, size: size)
        } catch {
            throw invalid(error.field, error.message)
        }
    }

    /// The post `com.atproto.repo.createRecord` created: its strong reference and record key.
    ///
    /// - Parameters:
    ///   - body: The answer's bytes.
    ///   - recordKey: The key the request asked for; an answer about another record is refused.
    /// - Throws: ``BlueskyRecordError``: `answer-too-large`, or `invalid-answer` naming the field.
    package static func createdPost(
        _ body: [UInt8],
        recordKey: BlueskyTID? = nil
    ) throws(BlueskyRecordError)
        -> BlueskyCreatedPost
    {
        let answer = try decode(CreateRecordAnswer.self, body, call: "createRecord")
        guard let uri = answer.uri else { throw invalid("uri", "is missing from createRecord's answer") }
        guard let cid = answer.cid else { throw invalid("cid", "is missing from createRecord's answer") }
        guard let parts = BlueskyRecordURI(uri) else { throw invalid("uri", "\(quoted(uri)) is not a record's AT URI") }
        guard parts.collection == BlueskyPostRecord.type else {
            throw invalid("uri", "names the collection \(quoted(parts.collection)), not \(BlueskyPostRecord.type)")
        }
        if let recordKey, parts.recordKey != recordKey.description {
            throw invalid("uri", "names the record \(quoted(parts.recordKey)), not the \(recordKey) asked for")
        }
        do {
            return BlueskyCreatedPost(
                reference: try BlueskyStrongRef(uri: uri, cid: cid),
                repository: parts.repository,
                recordKey: parts.recordKey
            )
        } catch {
            throw invalid(error.field, error.message)
        }
    }

    /// An XRPC error answer, `{"error": "InvalidRequest", "message": "..."}`, or nil when the
    /// body is not one. The message is cut to ``maximumQuotedMessage`` characters, control
    /// characters replaced by spaces, so it can be quoted in a one-line report.
    package static func xrpcError(_ body: [UInt8]) -> BlueskyXRPCError? {
        guard let answer = try? decode(ErrorAnswer.self, body, call: "error"), let name = answer.error else {
            return nil
        }
        return BlueskyXRPCError(name: clean(name, limit: 100), message: answer.message.map { clean($0, limit: 300) })
    }

    // MARK: Decoding

    private struct UploadBlobAnswer: Decodable {
        var blob: Blob?
        struct Blob: Decodable {
            var type: String?
            var ref: Link?
            var mimeType: String?
            var size: Int?
            enum CodingKeys: String, CodingKey {
                case type = "$type"
                case ref, mimeType, size
            }
        }
        struct Link: Decodable {
            var link: String?
            enum CodingKeys: String, CodingKey { case link = "$link" }
        }
    }

    private struct CreateRecordAnswer: Decodable {
        var uri: String?
        var cid: String?
    }

    private struct ErrorAnswer: Decodable {
        var error: String?
        var message: String?
    }

    static func decode<Answer: Decodable>(
        _ type: Answer.Type,
        _ body: [UInt8],
        call: String
    ) throws(BlueskyRecordError) -> Answer {
        guard body.count <= maximumAnswerBytes else {
            throw BlueskyRecordError(
                .answerTooLarge,
                field: "$",
                "\(call)'s answer is \(body.count) bytes, over the \(maximumAnswerBytes) read"
            )
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(body))
        } catch let DecodingError.typeMismatch(_, context) {
            throw invalid(path(context.codingPath), "has the wrong type in \(call)'s answer")
        } catch let DecodingError.valueNotFound(_, context) {
            throw invalid(path(context.codingPath), "is null in \(call)'s answer")
        } catch {
            throw invalid("$", "\(call)'s answer is not a JSON object")
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "$" : codingPath.map(\.stringValue).joined(separator: ".")
    }

    static func invalid(_ field: String, _ message: String) -> BlueskyRecordError {
        BlueskyRecordError(.invalidAnswer, field: field, message)
    }

    static func quoted(_ text: String?) -> String {
        "\"" + clean(text ?? "", limit: 120) + "\""
    }

    private static func clean(_ text: String, limit: Int) -> String {
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let control =
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.properties.generalCategory == .format
            view.append(control ? " " : scalar)
        }
        let cleaned = String(view)
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "…" : cleaned
    }
}

/// The post a `createRecord` call made: what a reply refers to, and where the post lives.
package struct BlueskyCreatedPost: Sendable, Hashable {
    /// The post's AT URI and CID, for the `reply` of the next post in a thread.
    package var reference: BlueskyStrongRef
    /// The account's DID.
    package var repository: String
    /// The record key.
    package var recordKey: String

    /// The post's URL on bsky.app: `https://bsky.app/profile/HANDLE/post/RKEY`.
    package func url(handle: String) -> String { "https://bsky.app/profile/\(handle)/post/\(recordKey)" }
}

/// An XRPC error answer: its name (`InvalidRequest`, `ExpiredToken`, `RecordAlreadyExists`...)
/// and message, cleaned to quote on one line.
package struct BlueskyXRPCError: Sendable, Hashable {
    /// The error's name.
    package var name: String
    /// The server's message, if it sent one.
    package var message: String?
}
