/// What a destination is asked to prepare: the content, plus room to grow.
///
/// One value rather than a list of parameters, so options can be added without breaking
/// conformers.
public struct ShareRequest: Sendable, Hashable {
    /// The content to share.
    public var content: ShareContent
    /// Free-form options a destination may read (`"selection": "primary"`), set by the caller.
    public var options: [String: String]

    public init(content: ShareContent, options: [String: String] = [:]) {
        self.content = content
        self.options = options
    }
}
