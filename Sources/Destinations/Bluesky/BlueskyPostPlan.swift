import ShareCore

/// What a Bluesky post will send, decided by `prepare` before anything goes out: the posts'
/// texts and record keys, `createdAt`, the languages, and the card or link card. Only what needs
/// the server waits for `deliver`: mentions' DIDs, the blob's CID and the reply references.
struct BlueskyPostPlan: SharePlan {
    /// The card to upload with `com.atproto.repo.uploadBlob`.
    struct Image: Sendable, Hashable {
        /// The image as shared.
        var attachment: ShareAttachment
        /// Its alt text; empty when none was given.
        var alt: String
        /// Its width and height.
        var aspectRatio: BlueskyEmbed.AspectRatio?
        /// Its size in bytes as read.
        var size: Int
        /// Whether it is over ``BlueskyEmbed/maximumImageBytes`` and will be re-encoded as JPEG.
        var reencodes: Bool { size > BlueskyEmbed.maximumImageBytes }
    }

    /// The PDS the calls go to.
    var server: BlueskyServer
    /// The text of each post, in order (one unless the share threads a long text).
    var texts: [String]
    /// The record key of each post, the same on every retry of the share.
    var recordKeys: [BlueskyTID]
    /// When the share was made, in the lexicon's datetime format.
    var createdAt: String
    /// The posts' languages.
    var langs: [String]
    /// The card, embedded in the first post.
    var image: Image?
    /// The link card of a share with a link and no image.
    var external: BlueskyEmbed.External?

    /// What `--dry-run` shows: each XRPC call in order, then each post's record key, text,
    /// facets with their UTF-8 byte ranges, and the embed with its alt text. No token.
    var fields: [PreparedShare.Field] {
        var fields: [PreparedShare.Field] = [.init("pds", server.description)]
        var calls: [String] = []
        let mentions = Set(texts.flatMap { BlueskyFacetDetector.detect($0).mentions.map { $0.handle.lowercased() } })
        for handle in mentions.sorted() {
            calls.append("GET \(server.endpoint("com.atproto.identity.resolveHandle"))?handle=\(handle)")
        }
        if let image {
            let type = image.reencodes ? "image/jpeg (re-encoded)" : image.attachment.mimeType
            calls.append(
                "POST \(server.endpoint("com.atproto.repo.uploadBlob")) (\(type), \(image.attachment.fileName))"
            )
        }
        for key in recordKeys {
            calls.append("POST \(server.endpoint("com.atproto.repo.createRecord")) (rkey \(key))")
        }
        for (number, call) in calls.enumerated() { fields.append(.init("call \(number + 1)", call)) }
        for (index, text) in texts.enumerated() {
            let post = texts.count == 1 ? "" : "post \(index + 1) "
            fields.append(.init("\(post)rkey", recordKeys[index].description))
            fields.append(.init("\(post)text", text))
            let detection = BlueskyFacetDetector.detect(text)
            var facets = detection.facets.map { Self.describe($0, in: text) }
            facets += detection.mentions.map {
                "mention bytes \($0.bytes.lowerBound)..<\($0.bytes.upperBound) @\($0.handle) (DID resolved when posting)"
            }
            if !facets.isEmpty { fields.append(.init("\(post)facets", facets.joined(separator: "; "))) }
            if index > 0 { fields.append(.init("\(post)reply", "root post 1, parent post \(index)")) }
        }
        fields.append(.init("createdAt", createdAt))
        if !langs.isEmpty { fields.append(.init("langs", langs.joined(separator: ","))) }
        if let image {
            var embed = "app.bsky.embed.images: \(image.attachment.fileName), alt \"\(image.alt)\""
            if let ratio = image.aspectRatio { embed += ", aspectRatio \(ratio.width):\(ratio.height)" }
            fields.append(.init("embed", embed))
        } else if let external {
            fields.append(
                .init(
                    "embed",
                    "app.bsky.embed.external: \(external.uri), title \"\(external.title)\", "
                        + "description \"\(external.description)\""
                )
            )
        }
        return fields
    }

    private static func describe(_ facet: BlueskyFacet, in text: String) -> String {
        let bytes = "bytes \(facet.index.byteStart)..<\(facet.index.byteEnd)"
        switch facet.features.first {
        case .link(let uri): return "link \(bytes) \(uri)"
        case .tag(let tag): return "tag \(bytes) #\(tag)"
        case .mention(let did): return "mention \(bytes) \(did)"
        case nil: return bytes
        }
    }
}
