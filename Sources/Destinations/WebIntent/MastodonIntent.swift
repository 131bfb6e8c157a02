import ShareCore
import TextFitting

/// Mastodon: `https://<instance>/share?text=`, fitted to the server's limit (500 by default).
///
/// The instance comes from the caller (a flag or configuration) or `SHAREVIA_MASTODON_INSTANCE`;
/// without one the destination is unavailable and says how to set it.
public struct MastodonIntent: WebIntentService {
    /// The environment variable naming the instance: `SHAREVIA_MASTODON_INSTANCE`.
    public static let instanceVariable = MastodonDestination.Configuration.instanceVariable
    /// The environment variable with the server's character limit: `SHAREVIA_MASTODON_LIMIT`.
    public static let limitVariable = MastodonDestination.Configuration.limitVariable

    /// The instance's host name (`mastodon.social`), or nil when none is set or it is malformed.
    public let instance: String?
    /// The character limit.
    public let limit: Int
    /// Why the intent can't be used (no instance, or a malformed one), or nil when it can.
    public let configurationProblem: String?
    /// The facts behind ``configurationProblem``: the `instance` setting is missing or unusable.
    public let configurationDetail: ShareError.Detail?

    /// Creates the intent.
    ///
    /// - Parameters:
    ///   - instance: The server, as `mastodon.social` or `https://mastodon.social/`.
    ///   - limit: The server's character limit.
    public init(instance: String?, limit: Int = TextRules.defaultMastodonLimit) {
        self.limit = limit
        let host = instance.map(Self.host(from:))
        if let host, Self.isHostName(host) {
            self.instance = host
            configurationProblem = nil
            configurationDetail = nil
        } else if let instance, !instance.isEmpty {
            self.instance = nil
            configurationProblem =
                "Mastodon instance \"\(instance)\" is not a host name (use mastodon.social or https://mastodon.social)"
            configurationDetail = .init(.unusableSetting, setting: "instance", value: instance)
        } else {
            self.instance = nil
            configurationProblem =
                "no Mastodon instance set (set the instance or \(Self.instanceVariable)=mastodon.social)"
            configurationDetail = .init(
                .missingSetting,
                setting: "instance",
                mentions: [
                    SettingMention(
                        "set the instance or",
                        advice: "pass \(flag: MastodonDestination.Settings.instance) or set"
                    )
                ]
            )
        }
    }

    /// Creates the intent from the environment (`SHAREVIA_MASTODON_INSTANCE`, `SHAREVIA_MASTODON_LIMIT`)
    /// unless an instance is given.
    public init(environment: ShareEnvironment, instance: String? = nil) {
        let limit =
            environment[Self.limitVariable].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
            ?? TextRules.defaultMastodonLimit
        self.init(instance: instance ?? environment[Self.instanceVariable], limit: limit)
    }

    public var descriptor: DestinationDescriptor {
        DestinationDescriptor(
            id: "mastodon",
            displayName: "Mastodon",
            summary: "opens your Mastodon server's share page with the post fitted to its limit",
            capabilities: [.text, .link, .hashtags]
        )
    }

    public var rules: TextRules? { .mastodon(limit: limit) }

    /// The share URL on the instance. ``WebIntentDestination`` refuses to prepare while
    /// ``configurationProblem`` is set, so the placeholder host `mastodon.invalid` (which can't
    /// resolve) is only seen by a caller that builds the URL directly.
    public func intentURL(for post: FittedPost, content: ShareContent) -> String {
        PercentEncoding.url("https://\(instance ?? "mastodon.invalid")/share", [("text", post.text)])
    }

    private static func host(from value: String) -> String {
        var host = value.trimmingWhitespace()
        for scheme in ["https://", "http://"] where host.lowercased().hasPrefix(scheme) {
            host = host.dropFirst(scheme.count)
        }
        while host.hasSuffix("/") { host = host.dropLast() }
        return host.lowercased()
    }

    private static func isHostName(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
            }
    }
}
