import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks that a destination keeps the ``ShareDestination`` contract. Any destination can run it,
/// ours or an integrator's:
///
/// ```swift
/// @Test func slackDestinationConforms() async {
///     let slack = SlackDestination(webhook: Secret("hunter2"))
///     let failures = await DestinationConformance(slack, secrets: ["hunter2"]).run()
///     #expect(failures.isEmpty, "\(failures)")
/// }
/// ```
///
/// The checks:
/// 1. The descriptor is consistent: well-formed id and aliases, a display name, at least one
///    capability, a positive text limit, image constraints only with the image capability.
/// 2. An unavailable destination gives a reason.
/// 3. Empty content, and content made only of parts it does not carry, are refused by `prepare`
///    with `contentRejected`, and no side effect happens (when a ``sideEffects`` probe is given).
/// 4. Content with just the parts it claims prepares, the result names the destination, and
///    preparing twice gives the same result (prepare is pure).
/// 5. When ``deliverSample`` is on: a delivery in a cancelled task throws `cancelled` with no side
///    effect, and a real delivery of the sample returns a receipt from this destination whose
///    outcome the descriptor lists (a destination that only hands off never claims `delivered`),
///    and a hand-off says what the person must do next. A destination whose prepared share carries
///    a plan (anything but `NoPlan`) refuses, with no side effect, the same share carrying a plan
///    of another type.
/// 6. No secret appears in the descriptor, the destination's own description, the availability
///    reason, any prepared share (its plan and the fields a dry run prints of it included),
///    receipt or error message.
public struct DestinationConformance: Sendable {
    /// The destination under test.
    public var destination: any ShareDestination
    /// Raw secret values that must never appear in any output.
    public var secrets: [String]
    /// Whether the check may call `deliver` (only where delivery is safe in a test).
    public var deliverSample: Bool
    /// Counts side effects so far (files written, messages sent); compared before and after
    /// each call that must have none.
    public var sideEffects: (@Sendable () async -> Int)?
    /// The content used for step 4 and 5; defaults to ``SampleContent/restricted(to:)``.
    public var sample: ShareContent?

    /// Creates a conformance check.
    public init(
        _ destination: any ShareDestination,
        secrets: [String] = [],
        deliverSample: Bool = false,
        sample: ShareContent? = nil,
        sideEffects: (@Sendable () async -> Int)? = nil
    ) {
        self.destination = destination
        self.secrets = secrets
        self.deliverSample = deliverSample
        self.sample = sample
        self.sideEffects = sideEffects
    }

    /// One broken rule.
    public struct Failure: Sendable, Hashable, CustomStringConvertible {
        /// Which check: `descriptor`, `availability`, `refusal`, `prepare`, `cancellation`, `plan`,
        /// `delivery`, `outcome`, `secrets`.
        public var check: String
        /// What was wrong.
        public var message: String
        public var description: String { "\(check): \(message)" }
    }

    /// Runs every check and returns the failures; empty means the destination conforms.
    public func run() async -> [Failure] {
        var failures: [Failure] = []
        func fail(_ check: String, _ message: String) { failures.append(Failure(check: check, message: message)) }
        var outputs: [String] = []
        let descriptor = destination.descriptor
        let id = descriptor.id

        // 1. Descriptor.
        if !id.isWellFormed { fail("descriptor", "id '\(id)' must be lowercase letters, digits and '-'") }
        for alias in descriptor.aliases where !alias.isWellFormed || alias == id {
            fail("descriptor", "alias '\(alias)' is malformed or repeats the id")
        }
        if descriptor.displayName.isEmpty { fail("descriptor", "display name is empty") }
        if descriptor.capabilities.isEmpty { fail("descriptor", "declares no capability") }
        if let limit = descriptor.textLimit, limit.maximum <= 0 {
            fail("descriptor", "text limit \(limit.maximum) is not positive")
        }
        if descriptor.outcomes.isEmpty { fail("descriptor", "lists no outcome (delivered or handed-off)") }
        if descriptor.imageConstraints != nil && descriptor.capabilities.isDisjoint(with: [.image, .files]) {
            fail("descriptor", "has image constraints but no image capability")
        }
        if let json = try? JSONEncoder().encode(descriptor) { outputs.append(String(decoding: json, as: UTF8.self)) }
        outputs.append(String(describing: destination))
        outputs.append(String(reflecting: destination))

        // 2. Availability.
        let availability = await destination.availability()
        if !availability.isAvailable && (availability.reason ?? "").isEmpty {
            fail("availability", "unavailable without a reason")
        }
        outputs.append(availability.description)

        // 3. Refusals.
        var refusals: [(String, ShareContent)] = [("empty content", ShareContent())]
        if let unsupported = SampleContent.unsupported(by: descriptor.capabilities) {
            refusals.append(("content with only parts it does not carry", unsupported))
        }
        for (label, content) in refusals {
            let before = await sideEffects?()
            do throws(ShareError) {
                let prepared = try destination.prepare(ShareRequest(content: content))
                fail("refusal", "\(label) was prepared instead of refused: \(prepared.summary)")
            } catch {
                outputs.append(error.detailedDescription)
                if error.code != .contentRejected {
                    fail("refusal", "\(label) was refused with \(error.code.name), expected content-rejected")
                }
            }
            if let before, let after = await sideEffects?(), after != before {
                fail("refusal", "\(label) caused \(after - before) side effect(s) before being refused")
            }
        }

        // 4. Claimed capabilities prepare, deterministically.
        let content = sample ?? SampleContent.restricted(to: descriptor.capabilities)
        let request = ShareRequest(content: content)
        var prepared: PreparedShare?
        do throws(ShareError) {
            let first = try destination.prepare(request)
            let second = try destination.prepare(request)
            if first.destination != id { fail("prepare", "prepared share names \(first.destination), not \(id)") }
            if first != second { fail("prepare", "preparing the same request twice gave different results") }
            prepared = first
            outputs.append(String(reflecting: first))
            outputs += first.fields.map { "\($0.name): \($0.value)" }
        } catch {
            outputs.append(error.detailedDescription)
            fail(
                "prepare",
                "content with only claimed parts (\(descriptor.capabilities.names.joined(separator: ", "))) was refused: \(error)"
            )
        }

        // 5. Cancellation and delivery.
        if deliverSample, let prepared {
            let before = await sideEffects?()
            let destination = self.destination
            let cancelled = await destination.deliverInCancelledTask(prepared)
            switch cancelled {
            case .success(let receipt):
                fail("cancellation", "delivered in a cancelled task: \(receipt.summary)")
            case .failure(let error):
                outputs.append(error.detailedDescription)
                if error.code != .cancelled {
                    fail("cancellation", "threw \(error.code.name) in a cancelled task, expected cancelled")
                }
            }
            if let before, let after = await sideEffects?(), after != before {
                fail("cancellation", "a cancelled delivery caused \(after - before) side effect(s)")
            }
            if !(prepared.plan is NoPlan) {
                var foreign = prepared
                foreign.plan = ForeignPlan()
                let before = await sideEffects?()
                do throws(ShareError) {
                    let receipt = try await destination.deliver(foreign)
                    fail("plan", "delivered a share whose plan is not its own: \(receipt.summary)")
                } catch {
                    outputs.append(error.detailedDescription)
                }
                if let before, let after = await sideEffects?(), after != before {
                    fail("plan", "a share whose plan is not its own caused \(after - before) side effect(s)")
                }
            }
            if availability.isAvailable {
                do throws(ShareError) {
                    let receipt = try await destination.deliver(prepared)
                    outputs.append(String(reflecting: receipt))
                    if receipt.destination != id { fail("delivery", "receipt names \(receipt.destination), not \(id)") }
                    if !descriptor.outcomes.contains(receipt.outcome) {
                        fail(
                            "outcome",
                            "receipt claims \(receipt.outcome.rawValue), but the descriptor lists only \(descriptor.outcomes.map(\.rawValue).joined(separator: ", "))"
                        )
                    }
                    if receipt.outcome == .handedOff && (receipt.nextStep ?? "").isEmpty {
                        fail("outcome", "a hand-off must say what the person must do next (nextStep)")
                    }
                } catch {
                    outputs.append(error.detailedDescription)
                    fail("delivery", "delivering the sample failed: \(error.detailedDescription)")
                }
            }
        }

        // 6. Secrets.
        for secret in secrets where !secret.isEmpty {
            for output in outputs where output.contains(secret) {
                fail(
                    "secrets",
                    "a secret appears in: \(output.replacing(secret, with: "<SECRET>").prefix(200))"
                )
            }
        }
        return failures
    }
}

/// A plan no destination prepares, for the `plan` check.
private struct ForeignPlan: SharePlan {
    var fields: [PreparedShare.Field] { [] }
}
