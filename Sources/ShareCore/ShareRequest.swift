/// What a destination is asked to prepare: the content, plus room to grow.
///
/// One value rather than a list of parameters, so options can be added without breaking
/// conformers.
public struct ShareRequest: Sendable, Hashable {
    /// The content to share.
    public var content: ShareContent
    /// Free-form options a destination may read (`"selection": "primary"`), set by the caller.
    public var options: [String: String]
    /// What destinations earlier in the chain prepared and then failed to deliver, in chain
    /// order, set by ``ShareRouter``. A fallback may keep what they made: the file export writes
    /// the `.eml` an email destination prepared, so its recipients and subject are not lost.
    public var undelivered: [PreparedShare]

    public init(content: ShareContent, options: [String: String] = [:], undelivered: [PreparedShare] = []) {
        self.content = content
        self.options = options
        self.undelivered = undelivered
    }
}
