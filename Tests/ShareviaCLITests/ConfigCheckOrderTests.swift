import Destinations
import Foundation
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

/// `sharevia config check` lists the keys in the order the config file is laid out: the share's
/// own, then the built-ins by purpose (this machine, posts, messages) and section, then plugins.
@Suite struct ConfigCheckOrderTests {
    /// The keys as a build of c0dfc01 (before issue 24) listed them, with
    /// `email.max_attachment_mib` where the commit before the reshaping put it, and Bluesky's
    /// (issue 25) first among the posts by its section's name, and history's and the outbox's
    /// (issue 26) after the share's own.
    static let keys = [
        "fallback", "output.folder", "share.timeout", "share.retries",
        "history.enabled", "history.keep_content", "outbox.enabled", "outbox.max_age",
        "outbox.keep_delivered", "outbox.url", "outbox.password",
        "clipboard.selection", "clipboard.backend", "clipboard.verify",
        "bluesky.pds", "bluesky.language", "bluesky.handle", "bluesky.app_password",
        "instagram.app_id", "mastodon.instance", "mastodon.limit", "mastodon.token", "mastodon.visibility",
        "mastodon.language", "mastodon.spoiler_text",
        "email.smtp_url", "email.from", "email.to", "email.cc", "email.user", "email.password", "email.tls",
        "email.ca_file", "email.max_attachment_mib",
        "sms.to", "sms.device", "sms.smart_encoding", "sms.max_segments",
        "plugins.folders", "plugins.search_path", "plugins.timeout",
    ]

    @Test func configCheckListsTheKeysInTheConfigFilesOrder() async throws {
        let home = TemporaryFolder("config-order")
        let run = try await ShareviaConfigCheck.run(config: nil, environment: ["HOME": home.path], json: true)
        #expect(run.status == 0, "\(run.stderr)")
        let output = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let settings = try #require(output?["settings"] as? [[String: Any]])
        #expect(settings.compactMap { $0["key"] as? String } == Self.keys)
    }

    @Test func builtInsAreOrderedByPurposeThenSection() {
        let order = BuiltInDestination.inConfigOrder(StandardDestinations.builtIns).compactMap(\.section)
        #expect(order == ["clipboard", "bluesky", "instagram", "mastodon", "email", "sms"])
        // Purpose first, then section; a built-in without keys (the file export) leads its purpose.
        let plain = BuiltInDestination(settings: [], purpose: .local) { _ in [] }
        let keyed = BuiltInDestination(settings: [ShareSetting(key: "a.b", kind: .text)], purpose: .local) { _ in [] }
        let later = BuiltInDestination(settings: [ShareSetting(key: "z.b", kind: .text)], purpose: .post) { _ in [] }
        let sorted = BuiltInDestination.inConfigOrder([later, keyed, plain]).map { $0.section.map(String.init) }
        #expect(sorted == [nil, "a", "z"])
    }
}
