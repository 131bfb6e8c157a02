import ShareCore
import ShareCoreTesting
import Testing

/// The outcome model: a hand-off is reported as one, never as a delivery, and the report of a
/// real share carries the prepared summary and shaping notes.
struct HandOffOutcomeTests {
    @Test func aHandOffIsReportedAsOneWithItsNextStep() async throws {
        let intent = InMemoryDestination(id: "intent", outcome: .handedOff)
        let router = ShareRouter(registry: try DestinationRegistry([intent, InMemoryDestination()]))
        let report = try await router.share(ShareContent(text: "hi"), via: FallbackChain(["intent", "memory"]))
        #expect(report.outcome == .handedOff)
        #expect(report.outcome.reachedFirstDestination)
        #expect(report.attempts.map(\.result) == [.handedOff])
        #expect(report.receipt?.nextStep == "open memory:intent/1 to finish the share")
        #expect(report.description.contains("✓ intent: handed off: kept in memory (#1); open memory:intent/1"))
        #expect(report.description.hasSuffix("handed off by intent: the share is not posted until you finish it"))
    }

    @Test func fallbackOutcomesKeepDeliveredAndHandedOffApart() async throws {
        let registry = try DestinationRegistry([
            UnavailableDestination(id: "first"), InMemoryDestination(id: "intent", outcome: .handedOff),
            InMemoryDestination(id: "memory"),
        ])
        let router = ShareRouter(registry: registry)
        let handedOff = try await router.share(ShareContent(text: "hi"), via: FallbackChain(["first", "intent"]))
        #expect(handedOff.outcome == .handedOffByFallback)
        let delivered = try await router.share(ShareContent(text: "hi"), via: FallbackChain(["first", "memory"]))
        #expect(delivered.outcome == .deliveredByFallback)
        #expect(!delivered.outcome.reachedFirstDestination)
    }

    @Test func theReportCarriesThePreparedSummaryAndNotes() async throws {
        let shaping = ShapingDestination()
        let router = ShareRouter(registry: try DestinationRegistry([shaping]))
        let report = try await router.share(ShareContent(text: "hello"), via: FallbackChain(["shaping"]))
        #expect(report.notes == ["trimmed 3 characters", "image not carried"])
        #expect(report.attempts.first?.prepared == "shaping: 2/2")
        #expect(
            report.description.contains("    shaping: 2/2\n    note: trimmed 3 characters\n    note: image not carried")
        )
    }

    @Test func conformanceCatchesADestinationThatOverclaims() async {
        let liar = OverclaimingDestination()
        let failures = await DestinationConformance(liar, deliverSample: true).run()
        #expect(failures.contains { $0.check == "outcome" && $0.message.contains("receipt claims delivered") })
        let honest = await DestinationConformance(InMemoryDestination(outcome: .handedOff), deliverSample: true).run()
        #expect(honest.isEmpty, "\(honest)")
    }
}

/// Trims and drops, saying so in its notes.
private struct ShapingDestination: ShareDestination {
    let descriptor = DestinationDescriptor(id: "shaping", displayName: "Shaping", capabilities: [.text])
    func availability() async -> Availability { .available() }
    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(
            destination: id,
            summary: "shaping: 2/2",
            text: String(request.content.text.prefix(2)),
            notes: ["trimmed 3 characters", "image not carried"]
        )
    }
    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        DeliveryReceipt(destination: id, summary: "done")
    }
}

/// Says it only hands off, then claims a confirmed delivery.
private struct OverclaimingDestination: ShareDestination {
    let descriptor = DestinationDescriptor(
        id: "overclaims",
        displayName: "Overclaims",
        capabilities: [.text],
        outcomes: [.handedOff]
    )
    func availability() async -> Availability { .available() }
    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        try requireSupported(request.content)
        return PreparedShare(destination: id, summary: "overclaims", text: request.content.text)
    }
    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if Task.isCancelled { throw ShareError(.cancelled, destination: id, message: "cancelled") }
        return DeliveryReceipt(destination: id, summary: "posted, trust me")
    }
}
