@testable import Destinations

/// Records of every shape the tests build, for the lexicon validator and the SDK oracle.
enum SampleRecords {
    static let createdAt = "2026-11-25T08:31:21.123Z"
    static let cid = "bafkreibme22gw2h7y2h7tg2fhqotaqjucnbc24deqo72b6mkl2egezxhvy"
    static let postCID = "bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm"
    static let did = "did:plc:z72i7hdynmk6r22z27h6tvur"

    static func blob(size: Int = 180_000, mimeType: String = "image/png") throws(BlueskyRecordError) -> BlueskyBlob {
        try BlueskyBlob(cid: cid, mimeType: mimeType, size: size)
    }

    static func reference(_ rkey: String) throws(BlueskyRecordError) -> BlueskyStrongRef {
        try BlueskyStrongRef(uri: "at://\(did)/app.bsky.feed.post/\(rkey)", cid: postCID)
    }

    /// Every shape: plain, facets, images, a link card with and without a thumbnail, a reply.
    static func all() async throws -> [BlueskyPostRecord] {
        let resolver = CountingResolver()
        var records: [BlueskyPostRecord] = []
        for facetCase in FacetCase.table {
            let rich = try await BlueskyRichText.make(facetCase.text, resolver: resolver)
            records.append(try BlueskyPostRecord(richText: rich, createdAt: createdAt, langs: ["en"]))
        }
        let card = try BlueskyEmbed.Image(
            image: blob(),
            alt: "Achievement card: Night Owl, level 7, unlocked 2026-11-25",
            aspectRatio: .init(width: 1080, height: 1920)
        )
        records.append(try BlueskyPostRecord(text: "", createdAt: createdAt, embed: .images([card])))
        records.append(
            try BlueskyPostRecord(
                text: "Four 🇯🇵",
                createdAt: "2026-11-25T08:31:21.123456Z",
                langs: ["ja", "en-GB", "zh-Hant"],
                embed: .images(Array(repeating: card, count: 4))
            )
        )
        let external = try BlueskyEmbed.External(
            uri: "https://example.com/streak",
            title: "12 day streak",
            description: "Consistency is everything."
        )
        records.append(try BlueskyPostRecord(text: "Read this", createdAt: createdAt, embed: .external(external)))
        var withThumb = external
        withThumb.thumb = try blob(size: BlueskyEmbed.maximumThumbnailBytes, mimeType: "image/jpeg")
        records.append(try BlueskyPostRecord(text: "", createdAt: createdAt, embed: .external(withThumb)))
        let root = try reference("3kzfcijpj2z2a")
        let parent = try reference("3kzfcijpj2z2b")
        records.append(
            try BlueskyPostRecord(
                text: "2/3 مرحبا",
                createdAt: createdAt,
                langs: ["ar"],
                reply: BlueskyReplyRef(root: root, parent: parent)
            )
        )
        records.append(try BlueskyPostRecord(text: String(repeating: "👨‍👩‍👧‍👦", count: 120), createdAt: createdAt))
        records.append(try BlueskyPostRecord(text: String(repeating: "é", count: 300), createdAt: createdAt))
        return records
    }
}
