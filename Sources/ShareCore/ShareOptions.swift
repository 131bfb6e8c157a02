/// How a share is made, beyond its content: chosen once per share and the same for every
/// destination of its chain and every retry.
public struct ShareOptions: Sendable, Hashable {
    /// The share's identity, from which network destinations derive their idempotency and
    /// record keys, so a retry can never post twice.
    public var id: ShareID
    /// Split text that is too long into a numbered reply chain (`1/3`, `2/3`, ...) where the
    /// destination can post one (Mastodon, Bluesky), instead of trimming it.
    public var threadsLongText: Bool
    /// Refuse to post an image that has no alt text, rather than post it with a note.
    public var requiresAltText: Bool

    /// Options for a new share: a fresh ``ShareID``, trimming long text, alt text optional.
    public init(id: ShareID = .new(), threadsLongText: Bool = false, requiresAltText: Bool = false) {
        self.id = id
        self.threadsLongText = threadsLongText
        self.requiresAltText = requiresAltText
    }
}
