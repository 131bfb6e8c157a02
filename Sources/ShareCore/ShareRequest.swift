/// What a destination is asked to prepare: the content, plus room to grow.
///
/// One value rather than a list of parameters, so members can be added without breaking
/// conformers. A destination's settings live in its own configuration, not in the request.
public struct ShareRequest: Sendable, Hashable {
    /// The content to share.
    public var content: ShareContent
    /// What destinations earlier in the chain prepared and then failed to deliver, in chain
    /// order, set by ``ShareRouter``. A fallback may keep what they made: the file export writes
    /// the `.eml` an email destination prepared, so its recipients and subject are not lost.
    public var undelivered: [PreparedShare]
    /// The share's identity and how it is made (threads, required alt text), the same for every
    /// destination of the chain.
    public var options: ShareOptions

    /// Creates a request.
    public init(content: ShareContent, undelivered: [PreparedShare] = [], options: ShareOptions = ShareOptions()) {
        self.content = content
        self.undelivered = undelivered
        self.options = options
    }
}
