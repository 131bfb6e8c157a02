import Foundation
import ShareCore
import ShareCoreTesting
import Testing
import TextFitting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The destinations of Adapters.md, copied verbatim, so the guide can't drift from the API.

/// Posts the share's text to a chat webhook.
public struct WebhookDestination: ShareDestination {
    public let descriptor = DestinationDescriptor(
        id: "webhook",
        displayName: "Team webhook",
        summary: "Posts the text and link to the team's chat webhook.",
        capabilities: [.text, .link, .hashtags],
        textLimit: .init(maximum: 4000, unit: "characters")
    )

    let endpoint: URL
    let token: Secret?

    public init(endpoint: URL, environment: ShareEnvironment) {
        self.endpoint = endpoint
        self.token = Secret(environment: environment, variable: "WEBHOOK_TOKEN")
    }

    public func availability() async -> Availability {
        token == nil ? .unavailable("WEBHOOK_TOKEN is not set; export it or add it to the config file") : .available()
    }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        try requireSupported(request.content)  // refuses image-only or empty content
        let text = request.content.plainText  // title, text, link, #hashtags on their own lines
        guard text.count <= 4000 else {
            throw ShareError(
                .contentRejected,
                destination: id,
                message: "the text is \(text.count) characters; the webhook takes 4000"
            )
        }
        var notes: [String] = []
        if !request.content.attachments.isEmpty { notes.append("attachments not carried (the webhook takes text)") }
        return PreparedShare(
            destination: id,
            summary: "webhook: \(text.count)/4000 characters",
            text: text,
            // The same for every retry of this share: the server can tell a retry from a new post.
            plan: WebhookPlan(endpoint: endpoint, idempotencyKey: "sharevia-\(request.options.id)"),
            notes: notes
        )
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        guard !Task.isCancelled else { throw ShareError(.cancelled, destination: id, message: "cancelled") }
        guard let token else { throw ShareError(.unavailable, destination: id, message: "WEBHOOK_TOKEN is not set") }
        let plan = try prepared.plan(as: WebhookPlan.self, for: id)  // what prepare decided
        let endpoint = plan.endpoint
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token.revealed())", forHTTPHeaderField: "Authorization")
        request.setValue(plan.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        request.httpBody = Data((prepared.text ?? "").utf8)
        let status: Int
        do {
            let (_, response) = try await URLSession.shared.data(for: request)
            status = (response as? HTTPURLResponse)?.statusCode ?? 0
        } catch {
            throw ShareError(
                .transient,
                destination: id,
                message: "the webhook did not answer; check the network",
                underlying: error
            )
        }
        switch status {
        case 200..<300:
            return DeliveryReceipt(
                destination: id,
                summary: "posted to the webhook",
                locations: [endpoint.absoluteString]
            )
        case 401, 403:
            throw ShareError(
                .permanent,
                destination: id,
                message: "the webhook refused the token (HTTP \(status)); check WEBHOOK_TOKEN"
            )
        default: throw ShareError(.transient, destination: id, message: "the webhook answered HTTP \(status)")
        }
    }
}

/// What `prepare` decided and `deliver` acts on; `--dry-run` prints its fields.
struct WebhookPlan: SharePlan {
    var endpoint: URL
    var idempotencyKey: String
    var fields: [PreparedShare.Field] {
        [.init("endpoint", endpoint.absoluteString), .init("idempotency-key", idempotencyKey)]
    }
}

/// Counts Unicode scalars, the way an old SMS gateway does.
struct ScalarCounter: TextCounting {
    func count(_ text: String) -> Int { text.unicodeScalars.count }
}

struct PagerDestination: ShareDestination {
    static let rules = TextRules(name: "pager", limit: 160, unit: "code points", counter: ScalarCounter())
    let descriptor = DestinationDescriptor(
        id: "pager",
        displayName: "Pager",
        capabilities: [.text, .link, .hashtags],
        textLimit: .init(maximum: 160, unit: "code points")
    )

    func availability() async -> Availability { .available() }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        try requireSupported(request.content)
        let content = request.content
        let post = TextFitter(rules: Self.rules).fit(
            PostParts(title: content.title, text: content.text, link: content.link, hashtags: content.hashtags)
        )
        guard post.fits else {  // only when the link and nothing else is already too long
            throw ShareError(.contentRejected, destination: id, message: "\(post.summary): the link alone is too long")
        }
        return PreparedShare(destination: id, summary: post.summary, text: post.text, notes: post.notes)
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        guard !Task.isCancelled else { throw ShareError(.cancelled, destination: id, message: "cancelled") }
        // Send prepared.text to the pager gateway here.
        return DeliveryReceipt(destination: id, summary: "sent \(prepared.text?.unicodeScalars.count ?? 0) code points")
    }
}

@Suite struct AdaptersGuideTests {
    /// The examples above are the guide's, verbatim: edit both together.
    @Test func guideExamplesAreCopiedVerbatim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Adapters.md"), encoding: .utf8)
        let tests = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        for marker in ["public struct WebhookDestination", "struct PagerDestination: ShareDestination"] {
            let block = try #require(guide.components(separatedBy: "```swift\n").first { $0.contains(marker) })
            let code = try #require(block.components(separatedBy: "```").first)
            let body = code.components(separatedBy: "\n").drop { !$0.hasPrefix("///") }.joined(
                separator: "\n"
            )
            #expect(tests.contains(body), "Adapters.md's \(marker) example differs from AdaptersGuideTests.swift")
        }
    }

    @Test func webhookExampleConformsAndKeepsItsTokenSecret() async {
        let webhook = WebhookDestination(
            endpoint: URL(string: "http://127.0.0.1:9/hook")!,
            environment: ShareEnvironment(["WEBHOOK_TOKEN": "tok-123"])
        )
        let failures = await DestinationConformance(webhook, secrets: ["tok-123"]).run()
        #expect(failures.isEmpty, "\(failures)")
        let missing = WebhookDestination(
            endpoint: URL(string: "http://127.0.0.1:9/hook")!,
            environment: ShareEnvironment()
        )
        #expect(await missing.availability().isAvailable == false)
    }

    /// The webhook's idempotency key comes from the share's identity: the same for every retry
    /// of a share, another for another share.
    @Test func webhookExampleDerivesItsIdempotencyKeyFromTheSharesIdentity() throws {
        let webhook = WebhookDestination(
            endpoint: URL(string: "http://127.0.0.1:9/hook")!,
            environment: ShareEnvironment(["WEBHOOK_TOKEN": "tok-123"])
        )
        let id = ShareID(microseconds: 1_795_693_512_123_456, nonce: 0x9f2c_4e1a_0b7d_3c55)
        let request = ShareRequest(content: ShareContent(text: "hi"), options: ShareOptions(id: id))
        let first = try webhook.prepare(request).plan(as: WebhookPlan.self, for: "webhook")
        let again = try webhook.prepare(request).plan(as: WebhookPlan.self, for: "webhook")
        #expect(first.idempotencyKey == "sharevia-1795693512123456-9f2c4e1a0b7d3c55")
        #expect(again.idempotencyKey == first.idempotencyKey)
        let other = ShareRequest(content: ShareContent(text: "hi"), options: ShareOptions())
        #expect(
            try webhook.prepare(other).plan(as: WebhookPlan.self, for: "webhook").idempotencyKey != first.idempotencyKey
        )
    }

    @Test func pagerExampleFitsTextWithTheSharedEngine() async throws {
        let pager = PagerDestination()
        let failures = await DestinationConformance(pager, deliverSample: true).run()
        #expect(failures.isEmpty, "\(failures)")
        let long = ShareContent(
            text: String(repeating: "word ", count: 60),
            link: "https://example.com",
            hashtags: ["a", "b"]
        )
        let prepared = try pager.prepare(ShareRequest(content: long))
        #expect(prepared.text.map { $0.unicodeScalars.count <= 160 } == true)
        #expect(prepared.text?.hasSuffix("https://example.com") == true)
        #expect(prepared.summary.hasPrefix("pager: "))
        #expect(prepared.notes.contains("dropped #a #b"))
    }
}
