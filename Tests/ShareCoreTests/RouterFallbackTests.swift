import ShareCore
import ShareCoreTesting
import Testing

/// A retry policy fast enough for tests: tiny backoff, short timeout.
let fastRetries = RetryPolicy(
    maxAttempts: 3,
    initialBackoff: .milliseconds(5),
    maxBackoff: .milliseconds(20),
    deliveryTimeout: .seconds(2)
)

func router(
    _ destinations: [any ShareDestination],
    policy: RetryPolicy = fastRetries,
    unavailable: [DestinationID: String] = [:]
) throws -> ShareRouter {
    ShareRouter(registry: try DestinationRegistry(destinations), retryPolicy: policy, simulatedUnavailable: unavailable)
}

@Suite struct RouterFallbackTests {
    let content = ShareContent(text: "hello", link: "https://example.com")

    @Test func firstDestinationDeliversAndOthersAreUntouched() async throws {
        let first = InMemoryDestination(id: "first")
        let second = InMemoryDestination(id: "second")
        let report = try await router([first, second]).share(content, via: FallbackChain(["first", "second"]))
        #expect(report.outcome == .delivered)
        #expect(report.deliveredBy == "first")
        #expect(first.received.count == 1)
        #expect(second.received.isEmpty)
        #expect(report.attempts.map(\.result) == [.delivered])
    }

    @Test func skipsUnavailableWithItsReason() async throws {
        let memory = InMemoryDestination(id: "file")
        let report = try await router([UnavailableDestination(id: "instagram", reason: "no app"), memory])
            .share(content, via: FallbackChain(["instagram", "file"]))
        #expect(report.outcome == .deliveredByFallback)
        #expect(report.attempts.first?.result == .unavailable)
        #expect(report.attempts.first?.reason == "no app")
        #expect(memory.received.count == 1)
    }

    @Test func movesOnWhenPrepareRejectsTheContent() async throws {
        let imagesOnly = InMemoryDestination(id: "images", capabilities: [.image])
        let memory = InMemoryDestination(id: "text")
        let report = try await router([imagesOnly, memory]).share(content, via: FallbackChain(["images", "text"]))
        #expect(report.attempts.first?.result == .contentRejected)
        #expect(imagesOnly.received.isEmpty)
        #expect(report.deliveredBy == "text")
    }

    @Test func movesOnAtOnceAfterAPermanentFailure() async throws {
        let failing = FailingDestination(id: "broken", code: .permanent)
        let memory = InMemoryDestination(id: "file")
        let report = try await router([failing, memory]).share(content, via: FallbackChain(["broken", "file"]))
        #expect(failing.deliveryAttempts == 1)
        #expect(report.attempts.map(\.result) == [.permanentFailure, .delivered])
        #expect(report.outcome == .deliveredByFallback)
    }

    @Test func nothingDeliveredWhenEveryDestinationFails() async throws {
        let report = try await router([
            UnavailableDestination(id: "a"), FailingDestination(id: "b", code: .permanent),
        ]).share(content, via: FallbackChain(["a", "b"]))
        #expect(report.outcome == .notDelivered)
        #expect(report.receipt == nil)
        #expect(report.attempts.count == 2)
        #expect(report.description.contains("not delivered"))
    }

    @Test func badInputStopsTheChain() async throws {
        let missing = ShareContent(attachments: [
            ShareAttachment(source: .file(path: "/nonexistent/card.png"), mimeType: "image/png", fileName: "card.png")
        ])
        let failing = FailingDestination(id: "strict", code: .badInput, message: "bad name")
        let memory = InMemoryDestination(id: "file")
        let report = try await router([failing, memory]).share(missing, via: FallbackChain(["strict", "file"]))
        #expect(report.attempts.map(\.result) == [.badInput])
        #expect(memory.received.isEmpty)
    }

    @Test func defaultChainEndsWithClipboardThenFile() {
        #expect(FallbackChain.default(for: "instagram").ids == ["instagram", "clipboard", "file"])
        #expect(FallbackChain.default(for: "clipboard").ids == ["clipboard", "file"])
        #expect(FallbackChain.default(for: "file").ids == ["file", "clipboard"])
    }

    @Test func appSpecificContentTypesAreSharedAsTheyAre() async throws {
        struct Streak: ShareableContent {
            var days: Int
            var text: String { "\(days) days in a row" }
            var hashtags: [String] { ["streak"] }
            var kind: ContentKind { .streak }
        }
        let memory = InMemoryDestination(id: "file")
        _ = try await router([memory]).share(Streak(days: 7), via: FallbackChain(["file"]))
        #expect(memory.received.first?.text == "7 days in a row\n#streak")
    }
}
