import Destinations
import Foundation
import ProcessRunning
import ShareCore
import Testing
import TextFitting

/// The web-intent destinations: ids, descriptors, intent URLs, rejection, availability, delivery.
struct WebIntentTests {
    static let noDesktop = ShareEnvironment(["PATH": "/nonexistent"])

    static func destination(
        _ id: String,
        environment: ShareEnvironment = noDesktop,
        runner: any CommandRunning = RecordingRunner()
    )
        -> any ShareDestination
    {
        WebIntentDestinations.all(environment: environment, mastodonInstance: "mastodon.social", runner: runner)
            .first { $0.id.rawValue == id }!
    }

    @Test func idsAndAliases() {
        let all = WebIntentDestinations.all(environment: Self.noDesktop)
        #expect(
            all.map(\.id.rawValue) == [
                "x", "mastodon", "bluesky", "threads", "linkedin", "whatsapp", "telegram", "reddit", "facebook",
            ]
        )
        #expect(all[0].descriptor.aliases == ["twitter"])
        #expect(all.allSatisfy { $0.id.isWellFormed })
    }

    @Test(arguments: [("x", 280), ("mastodon", 500), ("bluesky", 300), ("threads", 500), ("reddit", 300)])
    func textDestinationsDeclareTheirLimit(_ id: String, _ limit: Int) {
        let descriptor = Self.destination(id).descriptor
        #expect(descriptor.textLimit?.maximum == limit)
        #expect(descriptor.capabilities.contains(.text))
    }

    @Test(arguments: ["linkedin", "facebook"])
    func linkOnlyDestinations(_ id: String) throws {
        let destination = Self.destination(id)
        #expect(destination.descriptor.capabilities == [.link])
        #expect(throws: ShareError.self) {
            try destination.prepare(ShareRequest(content: ShareContent(text: "no link here")))
        }
        let prepared = try destination.prepare(
            ShareRequest(content: ShareContent(text: "hi", link: "https://example.com/a b"))
        )
        let url = try #require(prepared[field: "url"])
        #expect(url.hasSuffix("=https%3A%2F%2Fexample.com%2Fa%20b"))
        #expect(prepared.notes.contains { $0.hasPrefix("text not carried") })
    }

    @Test func xIntentCarriesTextLinkAndHashtagsSeparately() throws {
        let content = ShareContent(
            title: "7-day streak",
            text: "Ran every day & felt great",
            link: "https://example.com/s?id=7",
            hashtags: ["fitness", "run"]
        )
        let prepared = try Self.destination("x").prepare(ShareRequest(content: content, options: ["via": "sharevia"]))
        let url = try #require(prepared[field: "url"])
        #expect(url.hasPrefix("https://twitter.com/intent/tweet?text="))
        #expect(!url.contains("+"))
        #expect(url.contains("%20"))
        let items = Dictionary(uniqueKeysWithValues: PercentEncoding.queryItems(of: url).map { ($0.name, $0.value) })
        #expect(items["text"] == "7-day streak\nRan every day & felt great")
        #expect(items["url"] == "https://example.com/s?id=7")
        #expect(items["hashtags"] == "fitness,run")
        #expect(items["via"] == "sharevia")
        #expect(prepared.text == "7-day streak\nRan every day & felt great https://example.com/s?id=7 #fitness #run")
        #expect(prepared.summary == "x: \(TextRules.x.measure(prepared.text ?? "").count)/280")
    }

    @Test func longTextIsFittedAndReported() throws {
        let text = String(repeating: "Another great run in the park today. ", count: 12)
        let content = ShareContent(text: text, link: "https://example.com", hashtags: ["fitness"])
        let prepared = try Self.destination("x").prepare(ShareRequest(content: content))
        #expect(prepared.summary.hasPrefix("x: 2"))
        #expect(prepared.summary.contains("dropped #fitness"))
        #expect(prepared.notes.contains { $0.hasPrefix("trimmed ") })
        #expect(TextRules.x.measure(prepared.text ?? "").count <= 280)
    }

    @Test(arguments: ["x", "mastodon", "bluesky", "threads", "whatsapp", "telegram", "reddit"])
    func imagesAreNotCarriedButDoNotReject(_ id: String) throws {
        let image = ShareAttachment.bytes(Data([0x89, 0x50]), mimeType: "image/png", fileName: "card.png")
        let content = ShareContent(text: "Look at my card", link: "https://example.com", attachments: [image])
        let prepared = try Self.destination(id).prepare(ShareRequest(content: content))
        #expect(prepared.notes.contains("image not carried (web intents take text only)"))
        #expect(prepared.attachments.isEmpty)
    }

    @Test(arguments: ["x", "bluesky", "threads", "whatsapp", "telegram"])
    func anImageAloneIsRejected(_ id: String) {
        let image = ShareAttachment.bytes(Data([0x89, 0x50]), mimeType: "image/png", fileName: "card.png")
        #expect(throws: ShareError.self) {
            try Self.destination(id).prepare(ShareRequest(content: ShareContent(attachments: [image])))
        }
    }

    @Test(arguments: [
        ("bluesky", "https://bsky.app/intent/compose?text="),
        ("mastodon", "https://mastodon.social/share?text="),
        ("threads", "https://www.threads.net/intent/post?text="),
        ("whatsapp", "https://wa.me/?text="),
        ("telegram", "https://t.me/share/url?url="),
        ("reddit", "https://www.reddit.com/submit?url="),
    ])
    func intentURLShapes(_ id: String, _ prefix: String) throws {
        let content = ShareContent(
            title: "Day 7",
            text: "Seven days 🔥 in a row",
            link: "https://example.com/x",
            hashtags: ["run"]
        )
        let prepared = try Self.destination(id).prepare(ShareRequest(content: content))
        let url = try #require(prepared[field: "url"])
        #expect(url.hasPrefix(prefix))
        #expect(!url.contains(" ") && !url.contains("+"))
    }

    @Test func mastodonNeedsAnInstance() async {
        let missing = WebIntentDestination(
            service: MastodonIntent(environment: Self.noDesktop),
            environment: Self.noDesktop
        )
        let availability = await missing.availability()
        #expect(!availability.isAvailable)
        #expect(availability.reason?.contains("SHAREVIA_MASTODON_INSTANCE") == true)

        let environment = ShareEnvironment([
            "SHAREVIA_MASTODON_INSTANCE": "https://fosstodon.org/", "SHAREVIA_MASTODON_LIMIT": "1000",
        ])
        let configured = MastodonIntent(environment: environment)
        #expect(configured.instance == "fosstodon.org")
        #expect(configured.descriptor.textLimit?.maximum == 1000)
        #expect(MastodonIntent(instance: "not a host").configurationProblem != nil)
    }

    @Test func availabilitySaysHowItDelivers() async throws {
        #expect(await Self.destination("x").availability() == .available("prints the URL (no desktop session)"))
        let folder = try FakeXdgOpen.make()
        let desktop = ShareEnvironment(["DISPLAY": ":9", "PATH": folder])
        #expect(
            await Self.destination("x", environment: desktop).availability()
                == .available("opens the URL with xdg-open")
        )
    }

    @Test func withoutADesktopTheURLIsReturned() async throws {
        let destination = Self.destination("bluesky")
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hello world")))
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.locations == [prepared[field: "url"]!])
        #expect(receipt.summary.hasPrefix("open this URL to post: https://bsky.app/intent/compose?text=hello%20world"))
    }

    @Test func withADesktopXdgOpenIsRun() async throws {
        let folder = try FakeXdgOpen.make()
        let runner = RecordingRunner()
        let destination = Self.destination(
            "x",
            environment: ShareEnvironment(["WAYLAND_DISPLAY": "wayland-0", "PATH": folder]),
            runner: runner
        )
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hi")))
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.summary.hasPrefix("opened https://twitter.com/intent/tweet?text=hi"))
        let invocation = try #require(runner.invocations.first)
        #expect(invocation.executable == folder + "/xdg-open")
        #expect(invocation.arguments == [prepared[field: "url"]!])
    }

    @Test(arguments: [
        (ProcessOutput(exitStatus: 4), "transient"), (ProcessOutput(exitStatus: 1), "permanent"),
        (ProcessOutput(exitStatus: nil, timedOut: true), "transient"),
        (ProcessOutput(exitStatus: nil, cancelled: true), "cancelled"),
    ])
    func xdgOpenFailuresMapToCodes(_ output: ProcessOutput, _ code: String) async throws {
        let folder = try FakeXdgOpen.make()
        let runner = RecordingRunner(output: output)
        let destination = Self.destination(
            "x",
            environment: ShareEnvironment(["DISPLAY": ":1", "PATH": folder]),
            runner: runner
        )
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hi")))
        do {
            _ = try await destination.deliver(prepared)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code.name == code)
        }
    }

    @Test func intentURLsDecodeBackToTheExactText() throws {
        var generator = MixedTextGenerator(seed: 42)
        for _ in 0..<200 {
            let text = generator.text(pieces: 3 + generator.below(30))
            for id in ["bluesky", "mastodon", "whatsapp"] {
                let prepared = try Self.destination(id).prepare(ShareRequest(content: ShareContent(text: text)))
                let items = PercentEncoding.queryItems(of: try #require(prepared[field: "url"]))
                #expect(items.first { $0.name == "text" }?.value == prepared.text)
            }
            let x = try Self.destination("x").prepare(ShareRequest(content: ShareContent(text: text)))
            let fitted = TextFitter(rules: .x).fit(PostParts(body: text))
            #expect(PercentEncoding.queryItems(of: x[field: "url"]!).first { $0.name == "text" }?.value == fitted.body)
        }
    }

    @Test func percentEncodingUsesPercent20AndRoundTrips() {
        #expect(PercentEncoding.encode("a b+c&d=é/?#") == "a%20b%2Bc%26d%3D%C3%A9%2F%3F%23")
        #expect(PercentEncoding.decode("a%20b%2Bc+") == "a b+c+")
        #expect(PercentEncoding.decode("%zz") == nil)
    }
}

/// Records invocations and answers with a fixed output.
final class RecordingRunner: CommandRunning, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [ProcessInvocation] = []
    let output: ProcessOutput

    init(output: ProcessOutput = ProcessOutput(exitStatus: 0)) { self.output = output }

    var invocations: [ProcessInvocation] { lock.withLock { recorded } }

    func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        lock.withLock { recorded.append(invocation) }
        return output
    }
}

/// A folder holding an executable `xdg-open` that does nothing, for PATH lookups.
enum FakeXdgOpen {
    static func make() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharevia-xdg-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/xdg-open"
        _ = FileManager.default.createFile(
            atPath: path,
            contents: Data("#!/bin/sh\nexit 0\n".utf8),
            attributes: [.posixPermissions: 0o755]
        )
        return folder
    }
}
