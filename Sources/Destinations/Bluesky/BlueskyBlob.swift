/// A blob reference as `uploadBlob` returns it and a record embeds it:
/// `{"$type": "blob", "ref": {"$link": CID}, "mimeType": ..., "size": ...}`.
package struct BlueskyBlob: Sendable, Hashable, Codable {
    /// The blob's CID.
    package var cid: String
    /// Its media type, such as `image/png`.
    package var mimeType: String
    /// Its size in bytes.
    package var size: Int

    /// A reference to an uploaded blob.
    ///
    /// - Throws: ``BlueskyRecordError`` (`invalid-value`) for a CID, media type or size the
    ///   lexicon's `blob` type can't hold.
    package init(cid: String, mimeType: String, size: Int) throws(BlueskyRecordError) {
        guard ATProtoSyntax.isCID(cid) else {
            throw BlueskyRecordError(.invalidValue, field: "blob.ref", "\"\(cid.prefix(80))\" is not a CID")
        }
        guard Self.isMediaType(mimeType) else {
            throw BlueskyRecordError(
                .invalidValue,
                field: "blob.mimeType",
                "\"\(mimeType.prefix(80))\" is not a media type"
            )
        }
        guard size >= 0 else {
            throw BlueskyRecordError(.invalidValue, field: "blob.size", "\(size) is not a size in bytes")
        }
        self.cid = cid
        self.mimeType = mimeType
        self.size = size
    }

    /// Checks that the blob fits a field: an `image/*` of at most `maxSize` bytes.
    func checkImage(maxSize: Int, field: String) throws(BlueskyRecordError) {
        guard mimeType.hasPrefix("image/") else {
            throw BlueskyRecordError(
                .blobTooLarge,
                field: field,
                "is \(mimeType), where the lexicon accepts image/* only"
            )
        }
        guard size <= maxSize else {
            throw BlueskyRecordError(
                .blobTooLarge,
                field: field,
                "is \(size) bytes, over the lexicon's \(maxSize) for this field; re-encode it smaller"
            )
        }
    }

    /// `type/subtype`: ASCII, no spaces, one `/` with something either side.
    static func isMediaType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && text.utf8.count <= 255
            && parts.allSatisfy { part in
                !part.isEmpty && part.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x2F }
            }
    }

    private enum CodingKeys: String, CodingKey {
        case type = "$type"
        case ref, mimeType, size
    }

    private struct Link: Codable, Hashable {
        var link: String
        enum CodingKeys: String, CodingKey { case link = "$link" }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("blob", forKey: .type)
        try container.encode(Link(link: cid), forKey: .ref)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(size, forKey: .size)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard type == "blob" else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "not a blob")
        }
        try self.init(
            cid: container.decode(Link.self, forKey: .ref).link,
            mimeType: container.decode(String.self, forKey: .mimeType),
            size: container.decode(Int.self, forKey: .size)
        )
    }
}
