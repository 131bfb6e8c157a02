/// What a PDS answers to the lookups a post makes: `resolveHandle`'s DID and `getRecord`'s
/// record, each capped at ``maximumAnswerBytes`` before it is parsed.
extension BlueskyAnswers {
    /// The DID of `com.atproto.identity.resolveHandle`'s answer, `{"did": "did:plc:..."}`.
    ///
    /// - Throws: ``BlueskyRecordError``: `answer-too-large`, or `invalid-answer` naming the field.
    package static func resolvedDID(_ body: [UInt8]) throws(BlueskyRecordError) -> String {
        let answer = try decode(ResolveHandleAnswer.self, body, call: "resolveHandle")
        guard let did = answer.did else { throw invalid("did", "is missing from resolveHandle's answer") }
        guard ATProtoSyntax.isDID(did) else { throw invalid("did", "\(quoted(did)) is not a DID") }
        return did
    }

    /// The post of `com.atproto.repo.getRecord`'s answer: its strong reference, and the text
    /// and `createdAt` that tell whether it is the post sharevia sent.
    ///
    /// - Throws: ``BlueskyRecordError``: `answer-too-large`, or `invalid-answer` naming the field.
    package static func fetchedPost(_ body: [UInt8]) throws(BlueskyRecordError) -> BlueskyFetchedPost {
        let answer = try decode(GetRecordAnswer.self, body, call: "getRecord")
        guard let uri = answer.uri else { throw invalid("uri", "is missing from getRecord's answer") }
        guard let cid = answer.cid else { throw invalid("cid", "is missing from getRecord's answer") }
        guard let value = answer.value else { throw invalid("value", "is missing from getRecord's answer") }
        do {
            return BlueskyFetchedPost(
                reference: try BlueskyStrongRef(uri: uri, cid: cid),
                text: value.text,
                createdAt: value.createdAt
            )
        } catch {
            throw invalid(error.field, error.message)
        }
    }

    private struct ResolveHandleAnswer: Decodable {
        var did: String?
    }

    private struct GetRecordAnswer: Decodable {
        var uri: String?
        var cid: String?
        var value: Value?
        struct Value: Decodable {
            var text: String?
            var createdAt: String?
        }
    }
}

/// A post read back with `com.atproto.repo.getRecord`.
package struct BlueskyFetchedPost: Sendable, Hashable {
    /// Its AT URI and CID.
    package var reference: BlueskyStrongRef
    /// Its text.
    package var text: String?
    /// Its `createdAt`.
    package var createdAt: String?
}
