import HTTPTransport
import ShareCore

/// What a Mastodon share will do, decided by `prepare`: post through the API when signed in,
/// or hand the share to the web intent when not.
enum MastodonPlan: SharePlan {
    /// Upload the card and post the status (or thread).
    case post(MastodonPostPlan)
    /// Not signed in: the web intent's prepared share, and how to sign in.
    case handOff(PreparedShare, signIn: String)

    var fields: [PreparedShare.Field] {
        switch self {
        case .post(let plan): plan.fields
        case .handOff(let intent, _): intent.fields
        }
    }
}

/// The requests of a post, in order: the card's upload, then one status per post of the
/// thread, each with its `Idempotency-Key`. Never the token.
struct MastodonPostPlan: Sendable, Hashable {
    /// The image to upload before the first status.
    struct Media: Sendable, Hashable {
        /// The attachment, read when the post is sent.
        var attachment: ShareAttachment
        /// The alt text, within the server's `description_limit`; nil when there is none.
        var altText: String?
        /// The focal point, each coordinate in -1.0...1.0.
        var focus: MastodonFocus
    }

    /// One status of the post.
    struct Post: Sendable, Hashable {
        /// The status's text, numbered `i/n` in a thread.
        var text: String
        /// The key that makes a retry of this status safe.
        var idempotencyKey: MastodonIdempotencyKey
    }

    /// The server.
    var instance: MastodonInstanceAddress
    /// The card, if the share has one.
    var media: Media?
    /// The statuses: one, or a thread whose posts reply each to the one before.
    var posts: [Post]
    /// Who sees them; nil for the account's default.
    var visibility: MastodonVisibility?
    /// Their language.
    var language: String?
    /// Their content warning.
    var spoilerText: String?
    /// The limits the text was fitted to, and whether they are the server's (read and cached)
    /// or a default the server's may differ from.
    var limits: MastodonInstanceLimits
    /// Whether ``limits`` came from the server and are less than a day old.
    var limitsAreCurrent: Bool
    /// Whether ``limits`` came from the server at all.
    var limitsAreServers: Bool

    var fields: [PreparedShare.Field] {
        let origin = instance.origin.origin
        var fields: [PreparedShare.Field] = [
            .init(
                "limits",
                limitsAreServers
                    ? "\(limits.maximumCharacters) characters, alt text \(limits.altTextLimit) (the server's, cached)"
                    : "\(limits.maximumCharacters) characters (default; the server's are read at the first post)"
            )
        ]
        if let media {
            let size = media.attachment.byteCount.map { ", \($0) bytes" } ?? ""
            fields += [
                .init("request", "POST \(origin)/api/v2/media"),
                .init("Authorization", "Bearer <redacted>"),
                .init("file", "\(media.attachment.fileName) (\(media.attachment.mimeType)\(size))"),
                .init("description", media.altText ?? "(none)"),
                .init("focus", media.focus.text),
            ]
        }
        for (index, post) in posts.enumerated() {
            fields += [
                .init("request", "POST \(origin)/api/v1/statuses"),
                .init("Authorization", "Bearer <redacted>"),
                .init("Idempotency-Key", post.idempotencyKey.value),
                .init("status", post.text),
            ]
            if index == 0, media != nil { fields.append(.init("media_ids[]", "(the id the media upload returns)")) }
            if index > 0 { fields.append(.init("in_reply_to_id", "(the id of post \(index))")) }
            if let visibility { fields.append(.init("visibility", visibility.rawValue)) }
            if let language { fields.append(.init("language", language)) }
            if let spoilerText { fields.append(.init("spoiler_text", spoilerText)) }
        }
        return fields
    }
}

/// A focal point, each coordinate in -1.0...1.0 (0,0 is the centre), as `POST /api/v2/media`'s
/// `focus` takes it.
struct MastodonFocus: Sendable, Hashable {
    /// The centre, where a share card's subject is.
    static let centre = MastodonFocus(x: 0, y: 0)
    var x: Double
    var y: Double

    /// `"0.00,0.00"`.
    var text: String { (try? MastodonRequests.focusText(x: x, y: y)) ?? "0.00,0.00" }
}
