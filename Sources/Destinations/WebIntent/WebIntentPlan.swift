import ShareCore

/// What a web-intent share will open, decided by `prepare`: the intent URL with the fitted post.
struct WebIntentPlan: SharePlan {
    /// The compose page's URL, the post in its query.
    var url: String

    /// `url`.
    var fields: [PreparedShare.Field] { [.init("url", url)] }
}
