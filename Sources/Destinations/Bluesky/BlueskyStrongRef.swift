/// `com.atproto.repo.strongRef`: a record's AT URI and the CID of the version meant.
package struct BlueskyStrongRef: Sendable, Hashable, Codable {
    /// `at://DID/COLLECTION/RKEY`.
    package var uri: String
    /// The record's CID.
    package var cid: String

    /// A reference to a record.
    ///
    /// - Throws: ``BlueskyRecordError`` (`invalid-value`) when `uri` is not a record's AT URI
    ///   or `cid` not a CID.
    package init(uri: String, cid: String) throws(BlueskyRecordError) {
        guard BlueskyRecordURI(uri) != nil else {
            throw BlueskyRecordError(.invalidValue, field: "uri", "\"\(uri.prefix(120))\" is not a record's AT URI")
        }
        guard ATProtoSyntax.isCID(cid) else {
            throw BlueskyRecordError(.invalidValue, field: "cid", "\"\(cid.prefix(80))\" is not a CID")
        }
        self.uri = uri
        self.cid = cid
    }
}

/// A record's AT URI taken apart: `at://did:plc:abc/app.bsky.feed.post/3kxyz` has the
/// repository's DID (or handle), the collection and the record key.
package struct BlueskyRecordURI: Sendable, Hashable {
    /// The repository: a DID, or a handle.
    package var repository: String
    /// The collection's NSID.
    package var collection: String
    /// The record key.
    package var recordKey: String

    /// Reads `at://AUTHORITY/COLLECTION/RKEY`, or nil when `text` is not one.
    package init?(_ text: String) {
        guard text.utf8.count <= 8192, text.hasPrefix("at://") else { return nil }
        let parts = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, ATProtoSyntax.isDID(parts[0]) || ATProtoSyntax.isHandle(parts[0]),
            ATProtoSyntax.isNSID(parts[1]), ATProtoSyntax.isRecordKey(parts[2])
        else { return nil }
        repository = parts[0]
        collection = parts[1]
        recordKey = parts[2]
    }
}
