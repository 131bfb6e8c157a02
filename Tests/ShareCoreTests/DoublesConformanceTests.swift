import ShareCore
import ShareCoreTesting
import Testing

/// The conformance check must pass the well-behaved doubles and catch broken destinations.
@Suite struct DoublesConformanceTests {
    /// A text destination; each case chooses its summary, its plan and how it delivers.
    struct Scripted: ShareDestination {
        var id: DestinationID
        var summary: @Sendable (ShareContent) -> String = { _ in "x" }
        var plan: @Sendable (ShareContent) -> any SharePlan = { _ in NoPlan() }
        var delivery: @Sendable (PreparedShare) throws(ShareError) -> DeliveryReceipt

        var descriptor: DestinationDescriptor {
            DestinationDescriptor(id: id, displayName: "Scripted (\(id))", capabilities: [.text])
        }
        func availability() async -> Availability { .available() }
        func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
            try requireSupported(request.content)
            return PreparedShare(
                destination: id,
                summary: summary(request.content),
                text: request.content.text,
                plan: plan(request.content)
            )
        }
        func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
            try delivery(prepared)
        }
    }

    struct Counted: SharePlan {
        var count: Int
        var fields: [PreparedShare.Field] { [.init("count", String(count))] }
    }

    /// Keeps the token as a `Secret`, which prints redacted, but shows it in its fields.
    struct LeakyPlan: SharePlan {
        var token: Secret
        var fields: [PreparedShare.Field] { [.init("authorization", "Bearer \(token.revealed())")] }
    }

    /// Throws `cancelled` in a cancelled task, as a delivery must.
    static func cancellable(_ id: DestinationID) throws(ShareError) {
        if Task.isCancelled { throw ShareError(.cancelled, destination: id, message: "cancelled") }
    }

    /// A destination the check must catch, and what it must say.
    struct Broken: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var destination: Scripted
        var secrets: [String] = []
        var deliverSample = false
        /// The checks it fails: at least these, or exactly these when `exactly`.
        var failing: [String]
        var exactly = false
    }

    static let broken = [
        Broken(
            testDescription: "a secret in its summary",
            destination: Scripted(
                id: "leaky",
                summary: { _ in "posting with token tok-123456" },
                delivery: { _ in DeliveryReceipt(destination: "leaky", summary: "ok") }
            ),
            secrets: ["tok-123456"],
            failing: ["secrets"]
        ),
        Broken(
            testDescription: "a secret in its plan's dry-run fields",
            destination: Scripted(
                id: "leaky",
                summary: { _ in "posting" },
                plan: { _ in LeakyPlan(token: Secret("tok-654321")) },
                delivery: { _ in DeliveryReceipt(destination: "leaky", summary: "ok") }
            ),
            secrets: ["tok-654321"],
            failing: ["secrets"]
        ),
        Broken(
            testDescription: "a delivery that ignores its plan",
            destination: Scripted(
                id: "careless",
                plan: { Counted(count: $0.text.count) },
                delivery: { prepared throws(ShareError) in
                    try cancellable("careless")
                    return DeliveryReceipt(destination: "careless", summary: "sent \(prepared.fields.count) field(s)")
                }
            ),
            deliverSample: true,
            failing: ["plan"]
        ),
        Broken(
            testDescription: "a delivery that ignores cancellation",
            destination: Scripted(id: "careless") { _ in
                DeliveryReceipt(destination: "careless", summary: "delivered anyway")
            },
            deliverSample: true,
            failing: ["cancellation"],
            exactly: true
        ),
    ]

    @Test(arguments: broken)
    func catchesABrokenDestination(_ broken: Broken) async {
        let failures = await DestinationConformance(
            broken.destination,
            secrets: broken.secrets,
            deliverSample: broken.deliverSample
        )
        .run()
        if broken.exactly {
            #expect(failures.map(\.check) == broken.failing)
        } else {
            for check in broken.failing { #expect(failures.contains { $0.check == check }, "\(failures)") }
        }
    }

    /// The in-memory double, and a destination that reads its plan typed, deliver a sample and
    /// pass every check.
    @Test(
        arguments: [
            InMemoryDestination(id: "memory"),
            Scripted(
                id: "careful",
                plan: { Counted(count: $0.text.count) },
                delivery: { prepared throws(ShareError) in
                    try cancellable("careful")
                    let plan = try prepared.plan(as: Counted.self, for: "careful")
                    return DeliveryReceipt(destination: "careful", summary: "sent \(plan.count) characters")
                }
            ),
        ] as [any ShareDestination]
    )
    func aWellBehavedDestinationConforms(_ destination: any ShareDestination) async {
        let failures = await DestinationConformance(destination, deliverSample: true).run()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func secretWrapperNeverPrints() {
        let secret = Secret("hunter2")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        var dumped = ""
        dump(secret, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(secret.revealed() == "hunter2")
    }
}
