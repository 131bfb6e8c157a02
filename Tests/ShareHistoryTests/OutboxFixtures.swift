import Foundation
import ShareCore
import ShareCoreTesting
import ShareHistory

/// Requests, failures and times the outbox tests share.
enum OutboxFixtures {
    /// 2027-01-15 08:00:00 UTC, in microseconds.
    static let now: Int64 = 1_800_000_000_000_000
    static let minute: Int64 = 60_000_000

    static func options(_ nonce: UInt64 = 0x9f2c) -> ShareOptions {
        ShareOptions(id: ShareID(microseconds: 1_799_999_990_000_000, nonce: nonce), threadsLongText: true)
    }

    static func request(
        _ nonce: UInt64 = 0x9f2c,
        attachments: [ShareAttachment] = [SampleContent.cardAttachment],
        flags: [String: [String]] = ["mastodon-instance": ["https://example.social"]]
    ) -> OutboxRequest {
        OutboxRequest(
            content: ShareContent(
                title: "Night Owl",
                text: "Seven nights in a row",
                link: "https://example.com/owl",
                hashtags: ["owl", "streak"],
                attachments: attachments,
                kind: ContentKind("achievement")
            ),
            options: options(nonce),
            flags: flags,
            configFile: "/home/me/.config/sharevia/config.yaml"
        )
    }

    static let transient = ShareError(
        .transient,
        destination: "mastodon",
        message: "example.social answered 503: \"Service Unavailable\""
    )

    /// A schedule whose random draws are always the top of the range.
    static let schedule = OutboxSchedule(random: { $0.upperBound })
}
