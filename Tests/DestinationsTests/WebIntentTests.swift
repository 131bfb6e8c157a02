import Destinations
import Foundation
import ProcessRunning
import ShareCore
import TestSupport
import Testing
import TextFitting

/// The web-intent destinations: ids, descriptors, intent URLs, rejection, availability, delivery.
struct WebIntentTests {
    static let noDesktop = ShareEnvironment(["PATH": "/nonexistent"])

    static func destination(
        _ id: String,
        environment: ShareEnvironment = noDesktop,
        runner: any CommandRunning = RecordingRunner()
    ) throws -> any ShareDestination {
        // Bluesky is a built-in of its own since it posts for real; signed out, it is this intent.
        if id == "bluesky" {
            return BlueskyDestination(configuration: .init(), source: nil, environment: environment, runner: runner)
        }
        return try #require(
            WebIntentDestinations.all(environment: environment, mastodonInstance: "mastodon.social", runner: runner)
                .first { $0.id.rawValue == id },
            "no web-intent destination \(id)"
        )
    }

    @Test func idsAndAliases() {
        let all = WebIntentDestinations.all(environment: Self.noDesktop)
        #expect(
            all.map(\.id.rawValue) == [
                "x", "mastodon", "threads", "linkedin", "whatsapp", "telegram", "reddit", "facebook",
            ]
        )
        #expect(all.first?.descriptor.aliases == ["twitter"])
        #expect(all.allSatisfy { $0.id.isWellFormed })
    }

    /// The descriptor's text limit is the rules' limit and unit, so `sharevia destinations` and
    /// the fitter can't disagree; link-only intents have neither.
    @Test func everyTextLimitIsTheRulesLimit() {
        let environment = ShareEnvironment(["SHAREVIA_MASTODON_LIMIT": "1000"])
        let services = WebIntentDestinations.services(environment: environment, mastodonInstance: "fosstodon.org")
        #expect(services.count == 8)
        for service in services {
            let destination = WebIntentDestination(service: service, environment: environment)
            let limit = destination.descriptor.textLimit
            #expect(limit?.maximum == service.rules?.limit, "\(destination.id)")
            #expect(limit?.unit == service.rules?.unit, "\(destination.id)")
            #expect((limit == nil) == !destination.descriptor.capabilities.contains(.text), "\(destination.id)")
        }
        let mastodon = services.first { $0.descriptor.id == "mastodon" }
        #expect(
            mastodon.map { WebIntentDestination(service: $0, environment: environment) }?.descriptor.textLimit
                == .init(maximum: 1000, unit: TextRules.mastodon().unit)
        )
    }

    @Test(arguments: [("x", 280), ("mastodon", 500), ("bluesky", 300), ("threads", 500), ("reddit", 300)])
    func textDestinationsDeclareTheirLimit(_ id: String, _ limit: Int) throws {
        let descriptor = try Self.destination(id).descriptor
        #expect(descriptor.textLimit?.maximum == limit)
        #expect(descriptor.capabilities.contains(.text))
    }

    @Test(arguments: ["linkedin", "facebook"])
    func linkOnlyDestinations(_ id: String) throws {
        let destination = try Self.destination(id)
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
        #expect(prepared.summary == "\(id): link only (https://example.com/a b)")
        #expect(prepared.text == "https://example.com/a b")
    }

    @Test func emptyHashtagsAloneAreRejected() throws {
        let content = ShareContent(hashtags: ["#"])
        #expect(!content.isEmpty)
        let error = try #require(throws: ShareError.self) {
            try Self.destination("x").prepare(ShareRequest(content: content))
        }
        #expect(error.code == .contentRejected)
    }

    @Test func xIntentCarriesTextLinkAndHashtagsSeparately() throws {
        let content = ShareContent(
            title: "7-day streak",
            text: "Ran every day & felt great",
            link: "https://example.com/s?id=7",
            hashtags: ["fitness", "run"]
        )
        let x = WebIntentDestination(service: XIntent(via: "share via"), environment: Self.noDesktop)
        let prepared = try x.prepare(ShareRequest(content: content))
        let url = try #require(prepared[field: "url"])
        #expect(url.hasPrefix("https://twitter.com/intent/tweet?text="))
        #expect(!url.contains("+"))
        #expect(url.contains("%20"))
        let items = Dictionary(uniqueKeysWithValues: PercentEncoding.queryItems(of: url).map { ($0.name, $0.value) })
        #expect(items["text"] == "7-day streak\nRan every day & felt great")
        #expect(items["url"] == "https://example.com/s?id=7")
        #expect(items["hashtags"] == "fitness,run")
        #expect(items["via"] == "share via")
        #expect(url.hasSuffix("&via=share%20via"))
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
    func anImageAloneIsRejected(_ id: String) throws {
        let image = ShareAttachment.bytes(Data([0x89, 0x50]), mimeType: "image/png", fileName: "card.png")
        let destination = try Self.destination(id)
        let error = try #require(throws: ShareError.self) {
            try destination.prepare(ShareRequest(content: ShareContent(attachments: [image])))
        }
        #expect(error.code == .contentRejected)
    }

    @Test func aPostThatCantFitSaysWhatToDo() throws {
        let link = "https://example.com/" + String(repeating: "p", count: 400)
        let destination = try Self.destination("bluesky")
        let error = try #require(throws: ShareError.self) {
            try destination.prepare(ShareRequest(content: ShareContent(text: "hello", link: link)))
        }
        #expect(error.code == .contentRejected)
        #expect(error.message.hasPrefix("the post can't fit Bluesky's limit: bluesky: "))
        #expect(error.message.hasSuffix("; shorten the link or text, or choose another destination"))
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

    @Test func mastodonNeedsAnInstance() async throws {
        let missing = WebIntentDestination(
            service: MastodonIntent(environment: Self.noDesktop),
            environment: Self.noDesktop
        )
        let availability = await missing.availability()
        #expect(!availability.isAvailable)
        let reason = try #require(availability.reason)
        #expect(reason.contains("SHAREVIA_MASTODON_INSTANCE"))
        let error = try #require(throws: ShareError.self) {
            try missing.prepare(ShareRequest(content: ShareContent(text: "hello")))
        }
        #expect(error.code == .unavailable)
        #expect(error.message == reason)

        let malformed = WebIntentDestination(
            service: MastodonIntent(instance: "not a host"),
            environment: Self.noDesktop
        )
        let malformedError = try #require(throws: ShareError.self) {
            try malformed.prepare(ShareRequest(content: ShareContent(text: "hello")))
        }
        #expect(malformedError.code == .unavailable)
        #expect(malformedError.message.contains("\"not a host\" is not a host name"))

        let environment = ShareEnvironment([
            "SHAREVIA_MASTODON_INSTANCE": "https://fosstodon.org/", "SHAREVIA_MASTODON_LIMIT": "1000",
        ])
        let configured = MastodonIntent(environment: environment)
        #expect(configured.instance == "fosstodon.org")
        #expect(configured.configurationProblem == nil)
        let prepared = try WebIntentDestination(service: configured, environment: Self.noDesktop)
            .prepare(ShareRequest(content: ShareContent(text: "hello")))
        #expect(prepared[field: "url"] == "https://fosstodon.org/share?text=hello")
        #expect(prepared.summary == "mastodon: 5/1000")
    }

    @Test func availabilitySaysHowItDelivers() async throws {
        #expect(
            try await Self.destination("x").availability()
                == .available("prints the URL (no desktop session: neither DISPLAY nor WAYLAND_DISPLAY is set)")
        )
        // A desktop without xdg-open names the missing tool, not a missing desktop.
        let noOpener = ShareEnvironment(["DISPLAY": ":9", "PATH": "/nonexistent"])
        #expect(
            try await Self.destination("x", environment: noOpener).availability()
                == .available("prints the URL (xdg-open is not on PATH; install xdg-utils to open it in a browser)")
        )
        let folder = try FakeXdgOpen.make()
        let desktop = ShareEnvironment(["DISPLAY": ":9", "PATH": folder.path])
        let availability = try await Self.destination("x", environment: desktop).availability()
        #expect(availability == .available("opens the URL with xdg-open"))
        withExtendedLifetime(folder) {}
    }

    @Test func withoutADesktopTheURLIsReturned() async throws {
        let destination = try Self.destination("bluesky")
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hello world")))
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.locations == [try #require(prepared[field: "url"])])
        #expect(receipt.outcome == .handedOff)
        #expect(receipt.summary == "printed the intent URL")
        #expect(
            receipt.nextStep?.hasPrefix("open this URL to post: https://bsky.app/intent/compose?text=hello%20world")
                == true
        )
    }

    @Test func withADesktopXdgOpenIsRun() async throws {
        let folder = try FakeXdgOpen.make()
        let runner = RecordingRunner()
        let destination = try Self.destination(
            "x",
            environment: ShareEnvironment(["WAYLAND_DISPLAY": "wayland-0", "PATH": folder.path]),
            runner: runner
        )
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hi")))
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.outcome == .handedOff)
        #expect(receipt.summary == "opened the intent URL with xdg-open")
        #expect(receipt.nextStep == "finish the post in your browser (https://twitter.com/intent/tweet?text=hi)")
        let invocation = try #require(runner.invocations.first)
        #expect(invocation.executable == folder.path + "/xdg-open")
        #expect(invocation.arguments == [try #require(prepared[field: "url"])])
        withExtendedLifetime(folder) {}
    }

    @Test(arguments: [
        (RecordingRunner.Answer.output(ProcessOutput(exitStatus: 4)), "transient"),
        (.output(ProcessOutput(exitStatus: 1)), "permanent"),
        (.output(ProcessOutput(exitStatus: nil, timedOut: true)), "transient"),
        (.output(ProcessOutput(exitStatus: nil, cancelled: true)), "cancelled"),
        (.failure(ProcessRunnerError(executable: "xdg-open", errno: ENOENT)), "unavailable"),
        (.failure(ProcessRunnerError(executable: "xdg-open", errno: EACCES)), "permanent"),
    ])
    func xdgOpenFailuresMapToCodes(_ answer: RecordingRunner.Answer, _ code: String) async throws {
        let folder = try FakeXdgOpen.make()
        let runner = RecordingRunner(answer: answer)
        let destination = try Self.destination(
            "x",
            environment: ShareEnvironment(["DISPLAY": ":1", "PATH": folder.path]),
            runner: runner
        )
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hi")))
        let url = try #require(prepared[field: "url"])
        do {
            _ = try await destination.deliver(prepared)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code.name == code)
            if code != "cancelled" {
                #expect(error.message.hasSuffix("open this URL yourself: \(url)"))
            }
        }
        #expect(runner.invocations.count == 1)
        withExtendedLifetime(folder) {}
    }

    @Test func intentURLsDecodeBackToTheExactText() throws {
        var generator = SeededPieces(seed: 42)
        for _ in 0..<200 {
            let text = generator.text()
            for id in ["bluesky", "mastodon", "whatsapp"] {
                let prepared = try Self.destination(id).prepare(ShareRequest(content: ShareContent(text: text)))
                let items = PercentEncoding.queryItems(of: try #require(prepared[field: "url"]))
                #expect(items.first { $0.name == "text" }?.value == prepared.text)
            }
            let x = try Self.destination("x").prepare(ShareRequest(content: ShareContent(text: text)))
            let fitted = TextFitter(rules: .x).fit(PostParts(body: text))
            let url = try #require(x[field: "url"])
            #expect(PercentEncoding.queryItems(of: url).first { $0.name == "text" }?.value == fitted.body)
        }
    }

    @Test func percentEncodingUsesPercent20AndRoundTrips() {
        #expect(PercentEncoding.encode("a b+c&d=é/?#") == "a%20b%2Bc%26d%3D%C3%A9%2F%3F%23")
        #expect(PercentEncoding.decode("a%20b%2Bc+") == "a b+c+")
        #expect(PercentEncoding.decode("%zz") == nil)
    }
}

/// Records invocations and answers each with a fixed output or error.
final class RecordingRunner: CommandRunning, @unchecked Sendable {
    /// What every run answers.
    enum Answer: Sendable {
        case output(ProcessOutput)
        case failure(ProcessRunnerError)
    }

    private let lock = NSLock()
    private var recorded: [ProcessInvocation] = []
    let answer: Answer

    init(answer: Answer = .output(ProcessOutput(exitStatus: 0))) { self.answer = answer }

    var invocations: [ProcessInvocation] { lock.withLock { recorded } }

    func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        lock.withLock { recorded.append(invocation) }
        switch answer {
        case .output(let output): return output
        case .failure(let error): throw error
        }
    }
}

/// A temporary folder holding an executable `xdg-open` that does nothing, for PATH lookups;
/// removed when the folder is released.
enum FakeXdgOpen {
    static func make() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.writeExecutable("#!/bin/sh\nexit 0\n", named: "xdg-open")
        return folder
    }
}

/// Deterministic text mixing scripts, emoji, combining marks, RTL, URLs, mentions and hashtags.
struct SeededPieces {
    private var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static let pieces = [
        "run", "streak", "today", "café", "故人西辞", "今日は", "👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "1️⃣", "e\u{301}\u{323}",
        "ก\u{e34}\u{e48}", "שלום", "مرحبا", "\u{202B}نص\u{202C}", "https://example.com/a/b?c=d&e=f", "example.org/path",
        "#fitness", "#日本", "@runner_42", "@alice@mastodon.social", "a+b=c", "100%", "?&#=",
    ]

    /// 3 to 32 pieces separated by spaces, line breaks or nothing.
    mutating func text() -> String {
        let count = 3 + random.below(30)
        var result = ""
        for index in 0..<count {
            if index > 0 { result += random.pick(["", " ", " ", " ", "\n"]) }
            result += random.pick(Self.pieces)
        }
        return result
    }
}
