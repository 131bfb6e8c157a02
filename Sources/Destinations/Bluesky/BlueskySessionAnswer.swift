import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `com.atproto.server.createSession` and `com.atproto.server.refreshSession` answer (the
/// two lexicons share the output): the account's DID and handle, the two tokens, and whether the
/// account is active.
///
/// ``read(_:call:)`` caps the answer at ``maximumBytes`` before parsing and refuses anything that
/// is not the lexicon's shape with a ``BlueskyRecordError`` naming the field; it never quotes a
/// token, and the tokens come back as ``ShareCore/Secret``s.
package struct BlueskySessionAnswer: Sendable {
    /// The largest answer read: 64 KiB (a session with its DID document is a few KiB).
    package static let maximumBytes = 65_536
    /// The longest token taken, in bytes (the account store's own cap).
    package static let maximumTokenBytes = 16_384

    /// The account's DID.
    package var did: String
    /// The account's handle.
    package var handle: String
    /// The access token (`accessJwt`).
    package var accessToken: Secret
    /// The refresh token (`refreshJwt`), which the next `refreshSession` needs; it rotates.
    package var refreshToken: Secret
    /// `active`: false when the account is not hosted for posting; nil when not said (active).
    package var active: Bool?
    /// `status`: why the account is not active (`takendown`, `suspended`, `deactivated`), if said.
    package var status: String?

    /// An answer of these parts.
    package init(
        did: String,
        handle: String,
        accessToken: Secret,
        refreshToken: Secret,
        active: Bool? = nil,
        status: String? = nil
    ) {
        self.did = did
        self.handle = handle
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.active = active
        self.status = status
    }

    /// Reads a session answer.
    ///
    /// - Parameters:
    ///   - body: The answer's bytes.
    ///   - call: `createSession` or `refreshSession`, for messages.
    /// - Throws: ``BlueskyRecordError``: `answer-too-large`, or `invalid-answer` naming the field
    ///   (`did`, `handle`, `accessJwt`, `refreshJwt`, `active`, `status`).
    package static func read(_ body: [UInt8], call: String) throws(BlueskyRecordError) -> BlueskySessionAnswer {
        guard body.count <= maximumBytes else {
            throw BlueskyRecordError(
                .answerTooLarge,
                field: "$",
                "\(call)'s answer is \(body.count) bytes, over the \(maximumBytes) read"
            )
        }
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: Data(body))
        } catch let DecodingError.typeMismatch(_, context) {
            throw invalid(path(context.codingPath), "has the wrong type in \(call)'s answer")
        } catch let DecodingError.valueNotFound(_, context) {
            throw invalid(path(context.codingPath), "is null in \(call)'s answer")
        } catch {
            throw invalid("$", "\(call)'s answer is not a JSON object")
        }
        guard let did = answer.did else { throw invalid("did", "is missing from \(call)'s answer") }
        guard ATProtoSyntax.isDID(did) else { throw invalid("did", "\(quoted(did)) is not a DID") }
        guard let handle = answer.handle else { throw invalid("handle", "is missing from \(call)'s answer") }
        guard ATProtoSyntax.isHandle(handle) else { throw invalid("handle", "\(quoted(handle)) is not a handle") }
        let access = try token(answer.accessJwt, field: "accessJwt", call: call)
        let refresh = try token(answer.refreshJwt, field: "refreshJwt", call: call)
        if let status = answer.status {
            guard !status.isEmpty, status.utf8.count <= 64,
                status.utf8.allSatisfy({ ATProtoSyntax.isAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F })
            else { throw invalid("status", "\(quoted(status)) is not a status word such as \"deactivated\"") }
        }
        return BlueskySessionAnswer(
            did: did,
            handle: handle.lowercased(),
            accessToken: access,
            refreshToken: refresh,
            active: answer.active,
            status: answer.status
        )
    }

    /// A token as it may go into an `Authorization` header and the account store: 1 to
    /// ``maximumTokenBytes`` bytes of visible ASCII. Its value is never quoted.
    private static func token(_ value: String?, field: String, call: String) throws(BlueskyRecordError) -> Secret {
        guard let value else { throw invalid(field, "is missing from \(call)'s answer") }
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= maximumTokenBytes else {
            throw invalid(field, "is \(bytes.count) bytes; a token is 1 to \(maximumTokenBytes)")
        }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw invalid(field, "holds a space, a control character or a byte outside ASCII, which no token has")
        }
        return Secret(value)
    }

    /// The decoded fields; tokens are read as strings only to be wrapped at once.
    private struct Answer: Decodable {
        var did: String?
        var handle: String?
        var accessJwt: String?
        var refreshJwt: String?
        var active: Bool?
        var status: String?
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "$" : codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func invalid(_ field: String, _ message: String) -> BlueskyRecordError {
        BlueskyRecordError(.invalidAnswer, field: field, message)
    }

    private static func quoted(_ text: String) -> String {
        let shown = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : $0 }
            )
        )
        return "\"" + (shown.count > 120 ? String(shown.prefix(120)) + "…" : shown) + "\""
    }
}
