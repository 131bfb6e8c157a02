#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The body of `com.atproto.repo.createRecord` for a post: the repository, the collection, the
/// record key chosen before the first try, and the record.
package struct BlueskyCreateRecordRequest: Sendable, Hashable, Codable {
    /// The account's DID (or handle).
    package var repo: String
    /// Always `app.bsky.feed.post`.
    package var collection: String
    /// The record key, the same on every retry.
    package var rkey: String
    /// The post.
    package var record: BlueskyPostRecord

    /// The request that creates `record` under `rkey` in `repo`.
    ///
    /// - Throws: ``BlueskyRecordError`` (`invalid-value`) when `repo` is neither a DID nor a handle.
    package init(repo: String, rkey: BlueskyTID, record: BlueskyPostRecord) throws(BlueskyRecordError) {
        guard ATProtoSyntax.isDID(repo) || ATProtoSyntax.isHandle(repo) else {
            throw BlueskyRecordError(
                .invalidValue,
                field: "repo",
                "\"\(repo.prefix(120))\" is neither a DID nor a handle"
            )
        }
        self.repo = repo
        collection = BlueskyPostRecord.type
        self.rkey = rkey.description
        self.record = record
    }

    /// The JSON body to send, the same bytes on every call (keys sorted, slashes unescaped, text
    /// as UTF-8), so a retry and `--dry-run` show exactly what goes out.
    package func jsonBody() throws(BlueskyRecordError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(self))
        } catch {
            throw BlueskyRecordError(.invalidValue, field: "record", "could not be written as JSON: \(error)")
        }
    }

    /// The post's URL on bsky.app once created: `https://bsky.app/profile/HANDLE/post/RKEY`.
    package func postURL(handle: String) -> String {
        "https://bsky.app/profile/\(handle)/post/\(rkey)"
    }
}
