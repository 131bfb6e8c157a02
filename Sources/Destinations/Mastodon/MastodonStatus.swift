/// Who sees a status (the OpenAPI description's `StatusVisibilityEnum`).
public enum MastodonVisibility: String, Sendable, Hashable, CaseIterable, Encodable {
    case `public`, unlisted, `private`, direct
}

/// What `POST /api/v1/statuses` sends: the text, the media already uploaded, and how it is shown.
package struct MastodonStatus: Sendable, Hashable, Encodable {
    /// The text; optional when there are media.
    package var text: String?
    /// The ids `POST /api/v2/media` gave the attachments, in order.
    package var mediaIDs: [String]
    /// Who sees it; the account's default when nil.
    package var visibility: MastodonVisibility?
    /// The ISO 639 language code, such as `en`.
    package var language: String?
    /// A content warning shown before the text.
    package var spoilerText: String?
    /// The status this one replies to (the next post of a thread).
    package var inReplyToID: String?

    /// A status.
    package init(
        text: String?,
        mediaIDs: [String] = [],
        visibility: MastodonVisibility? = nil,
        language: String? = nil,
        spoilerText: String? = nil,
        inReplyToID: String? = nil
    ) {
        self.text = text
        self.mediaIDs = mediaIDs
        self.visibility = visibility
        self.language = language
        self.spoilerText = spoilerText
        self.inReplyToID = inReplyToID
    }

    enum CodingKeys: String, CodingKey {
        case text = "status"
        case mediaIDs = "media_ids"
        case visibility, language
        case spoilerText = "spoiler_text"
        case inReplyToID = "in_reply_to_id"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(text, forKey: .text)
        if !mediaIDs.isEmpty { try container.encode(mediaIDs, forKey: .mediaIDs) }
        try container.encodeIfPresent(visibility, forKey: .visibility)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(spoilerText, forKey: .spoilerText)
        try container.encodeIfPresent(inReplyToID, forKey: .inReplyToID)
    }
}
