import ShareCore
import ShareCoreTesting
import Testing

/// The conformance check must pass the well-behaved doubles and catch broken destinations.
@Suite struct DoublesConformanceTests {
    @Test func inMemoryDestinationConforms() async {
        let failures = await DestinationConformance(InMemoryDestination(id: "memory"), deliverSample: true).run()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func catchesALeakedSecret() async {
        struct Leaky: ShareDestination {
            let token = "tok-123456"
            var descriptor: DestinationDescriptor {
                DestinationDescriptor(id: "leaky", displayName: "Leaky", capabilities: [.text])
            }
            func availability() async -> Availability { .available() }
            func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
                try requireSupported(request.content)
                return PreparedShare(
                    destination: "leaky",
                    summary: "posting with token \(token)",
                    text: request.content.text
                )
            }
            func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
                DeliveryReceipt(destination: "leaky", summary: "ok")
            }
        }
        let failures = await DestinationConformance(Leaky(), secrets: ["tok-123456"]).run()
        #expect(failures.contains { $0.check == "secrets" })
    }

    @Test func catchesASecretInAPlansDryRunFields() async {
        /// Keeps the token as a `Secret`, which prints redacted, but shows it in its fields.
        struct LeakyPlan: SharePlan {
            var token: Secret
            var fields: [PreparedShare.Field] { [.init("authorization", "Bearer \(token.revealed())")] }
        }
        struct Leaky: ShareDestination {
            var descriptor: DestinationDescriptor {
                DestinationDescriptor(id: "leaky", displayName: "Leaky", capabilities: [.text])
            }
            func availability() async -> Availability { .available() }
            func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
                try requireSupported(request.content)
                return PreparedShare(
                    destination: "leaky",
                    summary: "posting",
                    text: request.content.text,
                    plan: LeakyPlan(token: Secret("tok-654321"))
                )
            }
            func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
                DeliveryReceipt(destination: "leaky", summary: "ok")
            }
        }
        let failures = await DestinationConformance(Leaky(), secrets: ["tok-654321"]).run()
        #expect(failures.contains { $0.check == "secrets" }, "\(failures)")
    }

    @Test func catchesADeliveryThatIgnoresItsPlan() async {
        struct Counted: SharePlan {
            var count: Int
            var fields: [PreparedShare.Field] { [.init("count", String(count))] }
        }
        /// Plans, then delivers whatever it is handed.
        struct Careless: ShareDestination {
            var descriptor: DestinationDescriptor {
                DestinationDescriptor(id: "careless", displayName: "Careless", capabilities: [.text])
            }
            func availability() async -> Availability { .available() }
            func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
                try requireSupported(request.content)
                let count = request.content.text.count
                return PreparedShare(
                    destination: "careless",
                    summary: "x",
                    text: request.content.text,
                    plan: Counted(count: count)
                )
            }
            func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
                if Task.isCancelled { throw ShareError(.cancelled, destination: "careless", message: "cancelled") }
                return DeliveryReceipt(destination: "careless", summary: "sent \(prepared.fields.count) field(s)")
            }
        }
        let careless = await DestinationConformance(Careless(), deliverSample: true).run()
        #expect(careless.contains { $0.check == "plan" }, "\(careless)")
        // The same destination reading its plan typed conforms; so does one without a plan.
        struct Careful: ShareDestination {
            var descriptor: DestinationDescriptor {
                DestinationDescriptor(id: "careful", displayName: "Careful", capabilities: [.text])
            }
            func availability() async -> Availability { .available() }
            func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
                try requireSupported(request.content)
                let count = request.content.text.count
                return PreparedShare(
                    destination: "careful",
                    summary: "x",
                    text: request.content.text,
                    plan: Counted(count: count)
                )
            }
            func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
                if Task.isCancelled { throw ShareError(.cancelled, destination: "careful", message: "cancelled") }
                let plan = try prepared.plan(as: Counted.self, for: "careful")
                return DeliveryReceipt(destination: "careful", summary: "sent \(plan.count) characters")
            }
        }
        let careful = await DestinationConformance(Careful(), deliverSample: true).run()
        #expect(careful.isEmpty, "\(careful)")
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

    @Test func catchesADeliveryThatIgnoresCancellation() async {
        struct Careless: ShareDestination {
            var descriptor: DestinationDescriptor {
                DestinationDescriptor(id: "careless", displayName: "Careless", capabilities: [.text])
            }
            func availability() async -> Availability { .available() }
            func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
                try requireSupported(request.content)
                return PreparedShare(destination: "careless", summary: "x", text: request.content.text)
            }
            func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
                DeliveryReceipt(destination: "careless", summary: "delivered anyway")
            }
        }
        let failures = await DestinationConformance(Careless(), deliverSample: true).run()
        #expect(failures.map(\.check) == ["cancellation"])
    }
}
