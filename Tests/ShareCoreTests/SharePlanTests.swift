import ShareCore
import ShareCoreTesting
import Testing

/// A prepared share carries its destination's typed plan: `deliver` reads it back as that type,
/// a plan of another type is refused, a dry run shows what the plan says of itself, and equal
/// shares have equal plans.
struct SharePlanTests {
    struct PagerPlan: SharePlan {
        var gateway: String
        var retries: Int
        var fields: [PreparedShare.Field] { [.init("gateway", gateway), .init("retries", String(retries))] }
    }

    struct OtherPlan: SharePlan {
        var gateway: String
        var fields: [PreparedShare.Field] { [.init("gateway", gateway)] }
    }

    static func share(_ plan: any SharePlan) -> PreparedShare {
        PreparedShare(destination: "pager", summary: "pager: 2 characters", text: "hi", plan: plan)
    }

    @Test func deliverReadsThePlanBackAsItsType() throws {
        let plan = try Self.share(PagerPlan(gateway: "gw.example", retries: 2)).plan(as: PagerPlan.self, for: "pager")
        #expect(plan == PagerPlan(gateway: "gw.example", retries: 2))
    }

    @Test func aPlanOfAnotherTypeIsRefusedNamingBoth() throws {
        let prepared = Self.share(OtherPlan(gateway: "gw.example"))
        let error = try #require(throws: ShareError.self) { try prepared.plan(as: PagerPlan.self, for: "sms") }
        #expect(error.code == .permanent)
        #expect(error.destination == "sms")
        #expect(error.message.contains("OtherPlan"))
        #expect(error.message.contains("PagerPlan"))
        #expect(error.message.contains("pager's plan"))
    }

    @Test func aShareWithoutAPlanHasNoFieldsAndNoOtherPlan() throws {
        let prepared = PreparedShare(destination: "pager", summary: "pager", text: "hi")
        #expect(prepared.fields.isEmpty)
        #expect(prepared.plan is NoPlan)
        #expect(throws: ShareError.self) { try prepared.plan(as: PagerPlan.self, for: "pager") }
    }

    @Test func theDryRunFieldsAreThePlansOwn() {
        let prepared = Self.share(PagerPlan(gateway: "gw.example", retries: 2))
        #expect(prepared.fields == [.init("gateway", "gw.example"), .init("retries", "2")])
    }

    @Test func equalSharesHaveEqualPlansOfTheSameType() {
        let share = Self.share(PagerPlan(gateway: "gw.example", retries: 2))
        #expect(share == Self.share(PagerPlan(gateway: "gw.example", retries: 2)))
        #expect(share.hashValue == Self.share(PagerPlan(gateway: "gw.example", retries: 2)).hashValue)
        #expect(share != Self.share(PagerPlan(gateway: "gw.example", retries: 3)))
        // The same fields from a plan of another type are another plan.
        let other = Self.share(OtherPlan(gateway: "gw.example"))
        #expect(share != other)
        #expect(Self.share(OtherPlan(gateway: "a")) != Self.share(NoPlan()))
        #expect(Set([share, Self.share(PagerPlan(gateway: "gw.example", retries: 2)), other]).count == 2)
    }

    @Test func aFallbackGetsTheUndeliveredSharesPlanTyped() async throws {
        let failing = PlanningFailure()
        let keeper = PlanKeeper()
        let router = ShareRouter(registry: try DestinationRegistry([failing, keeper]))
        let report = try await router.share(ShareContent(text: "hi"), via: FallbackChain(["planner", "keeper"]))
        #expect(report.outcome == .deliveredByFallback)
        #expect(report.receipt?.summary == "kept gw.example")
    }
}

/// Prepares a plan, then fails to deliver it.
private struct PlanningFailure: ShareDestination {
    let descriptor = DestinationDescriptor(id: "planner", displayName: "Planner", capabilities: [.text])
    func availability() async -> Availability { .available() }
    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(
            destination: id,
            summary: "planner",
            text: request.content.text,
            plan: SharePlanTests.PagerPlan(gateway: "gw.example", retries: 0)
        )
    }
    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        throw ShareError(.permanent, destination: id, message: "down")
    }
}

/// Delivers what the destination before it planned, read from the request typed.
private struct PlanKeeper: ShareDestination {
    let descriptor = DestinationDescriptor(id: "keeper", displayName: "Keeper", capabilities: [.text])
    func availability() async -> Availability { .available() }
    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        let kept = request.undelivered.compactMap { $0.plan as? SharePlanTests.PagerPlan }
        return PreparedShare(
            destination: id,
            summary: "keeper",
            plan: SharePlanTests.OtherPlan(gateway: kept.map(\.gateway).joined(separator: ","))
        )
    }
    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        let plan = try prepared.plan(as: SharePlanTests.OtherPlan.self, for: id)
        return DeliveryReceipt(destination: id, summary: "kept \(plan.gateway)")
    }
}
