import ShareCore
import TextFitting

/// One network's web intent: what it carries, the rules its text is fitted to, and the URL that
/// opens its compose page with the post filled in.
///
/// ``WebIntentDestination`` does the rest (fitting, notes, availability, opening the URL), so a
/// new web-intent network is one small conformer:
///
/// ```swift
/// struct PagerIntent: WebIntentService {
///     let descriptor = DestinationDescriptor(id: "pager", displayName: "Pager", capabilities: [.text, .link])
///     let rules: TextRules? = TextRules(name: "pager", limit: 160, unit: "characters", counter: GraphemeCounter())
///     func intentURL(for post: FittedPost, content: ShareContent) -> String {
///         PercentEncoding.url("https://pager.example/send", [("text", post.text)])
///     }
/// }
/// ```
public protocol WebIntentService: Sendable {
    /// Identity and capabilities. ``WebIntentDestination`` sets the descriptor's text limit
    /// from ``rules``, so the two can't disagree.
    var descriptor: DestinationDescriptor { get }
    /// The rules the text is fitted to, or nil when the intent takes a link only.
    var rules: TextRules? { get }
    /// Why this service can't be used as configured (a Mastodon without an instance), or nil.
    var configurationProblem: String? { get }
    /// The facts behind ``configurationProblem`` (which setting), or nil.
    var configurationDetail: ShareError.Detail? { get }
    /// The parts of the content this intent carries (by default, those its capabilities name).
    func parts(for content: ShareContent) -> PostParts
    /// Notes on what ``parts(for:)`` leaves out beyond what the capabilities say (Reddit's text
    /// when a title is given); none by default.
    func notes(for content: ShareContent) -> [String]
    /// The intent URL for the fitted post; `content` is the share as given, for parts that are
    /// carried but not counted (Reddit's link).
    func intentURL(for post: FittedPost, content: ShareContent) -> String
}

extension WebIntentService {
    public var configurationProblem: String? { nil }

    public var configurationDetail: ShareError.Detail? { nil }

    public func notes(for content: ShareContent) -> [String] { [] }

    public func parts(for content: ShareContent) -> PostParts {
        let caps = descriptor.capabilities
        return PostParts(
            title: caps.contains(.text) ? content.title : nil,
            text: caps.contains(.text) ? content.text : "",
            link: caps.contains(.link) ? content.link : nil,
            hashtags: caps.contains(.hashtags) ? content.hashtags : []
        )
    }
}
