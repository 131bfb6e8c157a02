/// What the attempts of one destination have already done on the server, so that a retry goes on
/// from there: the card uploaded (its media id, by the first post's `Idempotency-Key`) and the
/// statuses posted (by their keys).
///
/// A retry after a failed status reuses the uploaded media instead of uploading the card again:
/// Mastodon allows 30 media uploads per 30 minutes, and the first upload would stay behind
/// unattached. A status already posted is not sent again, so its thread goes on from it. (A
/// retry that sends a status again anyway is safe: the server answers the same key with the
/// same status for an hour.)
actor MastodonDeliveryMemory {
    private var media: [String: String] = [:]
    private var statuses: [String: MastodonPostedStatus] = [:]

    /// The media id uploaded for the post keyed `key`.
    func mediaID(for key: MastodonIdempotencyKey) -> String? { media[key.value] }

    /// Remembers the media id uploaded for the post keyed `key`.
    func remember(mediaID: String, for key: MastodonIdempotencyKey) { media[key.value] = mediaID }

    /// The status posted with `key`.
    func status(for key: MastodonIdempotencyKey) -> MastodonPostedStatus? { statuses[key.value] }

    /// Remembers the status posted with `key`.
    func remember(status: MastodonPostedStatus, for key: MastodonIdempotencyKey) { statuses[key.value] = status }
}
