import ShareCore
import ShareCoreTesting
import Testing

@Suite struct SimulatedUnavailabilityTests {
    @Test func parsesTheEnvironmentVariable() {
        let environment = ShareEnvironment(["SHAREVIA_UNAVAILABLE": " Instagram, clipboard ,,"])
        let marked = environment.simulatedUnavailable
        #expect(Set(marked.keys) == ["instagram", "clipboard"])
        #expect(marked["clipboard"] == "marked unavailable by SHAREVIA_UNAVAILABLE")
    }

    @Test func routerSkipsMarkedDestinationsWithThatReason() async throws {
        let clipboard = InMemoryDestination(id: "clipboard")
        let file = InMemoryDestination(id: "file")
        let marked = ShareEnvironment(["SHAREVIA_UNAVAILABLE": "clipboard"]).simulatedUnavailable
        let report = try await router([clipboard, file], unavailable: marked)
            .share(ShareContent(text: "hi"), via: .default(for: "clipboard"))
        #expect(report.attempts.first?.result == .unavailable)
        #expect(report.attempts.first?.reason == "marked unavailable by SHAREVIA_UNAVAILABLE")
        #expect(clipboard.received.isEmpty)
        #expect(report.deliveredBy == "file")
        #expect(report.outcome == .deliveredByFallback)
    }
}
