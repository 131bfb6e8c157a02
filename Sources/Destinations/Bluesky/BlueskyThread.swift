import TextFitting

/// The posts of one share, ready to send one after another: a single post, or with `--thread` a
/// reply chain split by ``TextFitting/ThreadSplitter`` at Bluesky's count.
///
/// Everything that must not change between retries is chosen here, once: each post's record
/// key (so a retry can never post twice), its text and facets, and `createdAt`. Only the reply
/// references wait for the answers: post *i* replies to post *i − 1* with the first post as root.
///
/// ```swift
/// let thread = try await BlueskyThread(text: long, repo: did, splits: true, resolver: resolver, clock: clock, clockID: id)
/// var created: [BlueskyCreatedPost] = []
/// for index in thread.posts.indices {
///     let body = try thread.request(at: index, after: created)   // POST com.atproto.repo.createRecord
///     created.append(try BlueskyAnswers.createdPost(answer, recordKey: thread.posts[index].recordKey))
/// }
/// ```
package struct BlueskyThread: Sendable {
    /// One post of the thread before it is sent.
    package struct Post: Sendable, Hashable {
        /// The record key, chosen before the first try.
        package var recordKey: BlueskyTID
        /// The text with its facets.
        package var richText: BlueskyRichText
    }

    /// The account's DID (or handle).
    package var repo: String
    /// The posts, in order.
    package var posts: [Post]
    /// When the share was made, the same for every post.
    package var createdAt: String
    /// The text's languages.
    package var langs: [String]
    /// What the first post embeds (the card, or a link card).
    package var embed: BlueskyEmbed?

    /// Plans the posts of `text`.
    ///
    /// - Parameters:
    ///   - text: The whole text.
    ///   - repo: The account's DID (or handle).
    ///   - splits: Split a text over 300 graphemes (or 3000 bytes) into a numbered thread; without
    ///     it the text must already fit (the fitter trims it before).
    ///   - langs: Up to 3 language tags.
    ///   - embed: What the first post embeds.
    ///   - resolver: Finds the DIDs of mentioned handles.
    ///   - clock: Read once, for the record keys and `createdAt`.
    ///   - clockID: The record keys' clock id.
    /// - Throws: ``BlueskyRecordError`` when a post can't be a valid record (a text over the limit
    ///   without `splits`, a bad language tag); `CancellationError`.
    package init(
        text: String,
        repo: String,
        splits: Bool,
        langs: [String] = [],
        embed: BlueskyEmbed? = nil,
        resolver: some BlueskyHandleResolving,
        clock: some BlueskyWallClock,
        clockID: UInt16
    ) async throws {
        let parts = splits ? ThreadSplitter(rules: .bluesky).split(text) : [text]
        let texts = parts.isEmpty ? [""] : parts
        let microseconds = clock.microsecondsSinceEpoch()
        let keys = BlueskyTID.sequence(
            count: texts.count,
            clock: FixedWallClock(microseconds: microseconds),
            clockID: clockID
        )
        var posts: [Post] = []
        for (key, part) in zip(keys, texts) {
            posts.append(Post(recordKey: key, richText: try await BlueskyRichText.make(part, resolver: resolver)))
        }
        self.repo = repo
        self.posts = posts
        createdAt = BlueskyDatetime.string(microseconds: microseconds)
        self.langs = langs
        self.embed = embed
        // Check every post now, before anything is sent.
        for index in posts.indices { _ = try record(at: index, reply: nil) }
        _ = try BlueskyCreateRecordRequest(repo: repo, rkey: posts[0].recordKey, record: record(at: 0, reply: nil))
    }

    /// What the report notes: mentions left as plain text, in every post, once each.
    package var notes: [String] {
        var notes: [String] = []
        for note in posts.flatMap(\.richText.notes) where !notes.contains(note) { notes.append(note) }
        return notes
    }

    /// The createRecord body of post `index`, replying to the posts `created` before it.
    ///
    /// - Parameters:
    ///   - index: Which post.
    ///   - created: The answers of posts `0..<index`, in order.
    /// - Throws: ``BlueskyRecordError`` (`invalid-value`, field `reply`) when `created` does not
    ///   hold exactly the posts before `index`.
    package func request(
        at index: Int,
        after created: [BlueskyCreatedPost]
    ) throws(BlueskyRecordError)
        -> BlueskyCreateRecordRequest
    {
        guard posts.indices.contains(index), created.count == index else {
            throw BlueskyRecordError(
                .invalidValue,
                field: "reply",
                "post \(index + 1) needs the answers of the \(index) posts before it, not \(created.count)"
            )
        }
        let reply = created.last.map { BlueskyReplyRef(root: created[0].reference, parent: $0.reference) }
        return try BlueskyCreateRecordRequest(
            repo: repo,
            rkey: posts[index].recordKey,
            record: record(at: index, reply: reply)
        )
    }

    func record(at index: Int, reply: BlueskyReplyRef?) throws(BlueskyRecordError) -> BlueskyPostRecord {
        try BlueskyPostRecord(
            richText: posts[index].richText,
            createdAt: createdAt,
            langs: langs,
            embed: index == 0 ? embed : nil,
            reply: reply
        )
    }
}

extension BlueskyThread {
    /// A thread of posts already planned (texts split and record keys chosen by `prepare`), their
    /// mentions resolved; every post is checked now, before anything is sent.
    ///
    /// - Throws: ``BlueskyRecordError`` when a post can't be a valid record.
    package init(
        repo: String,
        posts: [Post],
        createdAt: String,
        langs: [String],
        embed: BlueskyEmbed?
    ) throws(BlueskyRecordError) {
        guard !posts.isEmpty else {
            throw BlueskyRecordError(.invalidValue, field: "posts", "a thread needs at least one post")
        }
        self.repo = repo
        self.posts = posts
        self.createdAt = createdAt
        self.langs = langs
        self.embed = embed
        for index in posts.indices { _ = try record(at: index, reply: nil) }
        _ = try BlueskyCreateRecordRequest(repo: repo, rkey: posts[0].recordKey, record: record(at: 0, reply: nil))
    }
}
