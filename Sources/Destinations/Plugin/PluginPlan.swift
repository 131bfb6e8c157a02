import ShareCore

/// What a plugin will be sent, decided by `prepare`: the share's parts as `deliver`'s request
/// carries them, already shaped to what the plugin accepts.
struct PluginPlan: SharePlan {
    /// The share as the plugin protocol sends it.
    var share: PluginProtocol.DeliverRequest.Share

    /// `kind`, then `title` and `link` when there are, then one `hashtag` field per hashtag.
    var fields: [PreparedShare.Field] {
        var fields: [PreparedShare.Field] = [.init("kind", share.kind)]
        if let title = share.title { fields.append(.init("title", title)) }
        if let link = share.link { fields.append(.init("link", link)) }
        for tag in share.hashtags { fields.append(.init("hashtag", tag)) }
        return fields
    }
}
