import Foundation
import ShareCore
import ShareCoreTesting
import ShareHistory
import Synchronization
import TestSupport
import Testing

extension HistoryTests {
    /// The runner: each delivery outcome and each check's answer, and what it never does.
    struct OutboxRunnerTests {
        let folder = TemporaryFolder("outbox")
        var store: OutboxStore { OutboxStore(path: folder.file("sharevia.sqlite"), schedule: OutboxFixtures.schedule) }
        /// Two minutes after the fixtures' items were queued: they are due.
        static let later = OutboxFixtures.now + 2 * OutboxFixtures.minute

        func runner(
            _ destination: any ShareDestination,
            timeout: Duration = .seconds(60),
            store: OutboxStore? = nil
        ) -> OutboxRunner<SQLiteOutboxQueue> {
            OutboxRunner(store: store ?? self.store, owner: "test-run", leaseSeconds: 600, timeout: timeout) {
                _,
                _ throws(ShareError) in destination
            }
        }

        func enqueue(_ nonce: UInt64 = 1, failure: ShareError = OutboxFixtures.transient) throws -> OutboxItem {
            try store.enqueue(OutboxFixtures.request(nonce), for: "mastodon", failure: failure, now: OutboxFixtures.now)
        }

        @Test func aDueItemIsDeliveredWithItsReceiptPreparedFromTheSameShare() async throws {
            let destination = ScriptedDestination()
            let item = try enqueue()
            let notDue = try store.enqueue(
                OutboxFixtures.request(2),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: Self.later
            )

            let results = try await runner(destination).run(now: { Self.later })

            #expect(results.count == 1)
            let result = try #require(results.first)
            #expect(result.item.id == item.id && result.result == .delivered && !result.leaseLost)
            #expect(result.item.state == .delivered && result.item.tries == 1)
            #expect(result.item.receipt?.summary == "posted 1")
            #expect(result.words == "posted 1")
            #expect(destination.delivered == [OutboxFixtures.options(1).id.description])
            #expect(destination.prepared.first?.options == OutboxFixtures.options(1))
            #expect(destination.prepared.first?.content.attachments.first?.bytesInMemory == SampleContent.tinyPNG)
            #expect(try store.item(notDue.id)?.state == .queued)
            #expect(try await runner(destination).run(now: { Self.later + 1 }).isEmpty, "nothing else is due")
        }

        @Test func aHandOffIsRecordedAsHandedOff() async throws {
            let item = try enqueue()
            let results = try await runner(InMemoryDestination(id: "mastodon", outcome: .handedOff)).run(now: {
                Self.later
            })
            #expect(results.map(\.result) == [.handedOff])
            #expect(try store.item(item.id)?.receipt?.nextStep == "open memory:mastodon/1 to finish the share")
        }

        static let failures: [(ShareError.Code, OutboxState)] = [
            (.transient, .queued),
            (.unavailable, .queued),
            (.outcomeUnknown, .unknown),
            (.permanent, .failed),
            (.contentRejected, .failed),
            (.badInput, .failed),
        ]

        @Test(arguments: 0..<failures.count)
        func eachFailureEndsInItsState(_ index: Int) async throws {
            let (code, state) = Self.failures[index]
            let destination = FailingDestination(
                id: "mastodon",
                code: code,
                message: "example.social said \"no\" (\(code))"
            )
            let item = try enqueue()

            let results = try await runner(destination).run(now: { Self.later })

            let after = try #require(try store.item(item.id))
            #expect(results.map(\.result) == [state])
            #expect(after.state == state)
            #expect(after.lastError == "example.social said \"no\" (\(code))")
            #expect(after.lastErrorCode == code.name)
            #expect(results.first?.words == after.lastError)
            if state == .queued || state == .unknown {
                // One outbox try failed: the next is drawn up to 2 minutes later (the top, here).
                #expect(after.nextTryMicroseconds == Self.later + 2 * OutboxFixtures.minute)
            }
        }

        @Test func aRateLimitResetIsHonouredForTheNextTry() async throws {
            var limited = ShareError(.transient, destination: "mastodon", message: "429: \"Too many requests\"")
            limited.retryAfter = .seconds(1_800)
            limited.detail = ShareError.Detail(.rateLimited, value: "2027-01-15T08:32:00Z")
            let item = try enqueue()

            _ = try await runner(ScriptedDestination(results: [.failure(limited)])).run(now: { Self.later })

            let after = try #require(try store.item(item.id))
            #expect(after.state == .queued)
            #expect(after.nextTryMicroseconds == Self.later + 30 * OutboxFixtures.minute)
            #expect(after.lastErrorCode == "rate-limited")
        }

        @Test func noAnswerWithinTheTimeoutLeavesTheItemUnknown() async throws {
            let item = try enqueue()
            let slow = SlowDestination(id: "mastodon", delay: .seconds(3_600))

            let results = try await runner(slow, timeout: .milliseconds(200)).run(now: { Self.later })

            #expect(results.map(\.result) == [.unknown])
            #expect(try store.item(item.id)?.lastErrorCode == "outcome-unknown")
        }

        @Test func aDestinationThatCantBeBuiltIsRescheduledOrFailed() async throws {
            let queued = try enqueue(1)
            let failed = try enqueue(2)
            let runner = OutboxRunner(store: store, owner: "test-run", leaseSeconds: 600) {
                request,
                _ throws(ShareError) in
                if request.options.id == OutboxFixtures.options(1).id {
                    throw ShareError(.unavailable, destination: "mastodon", message: "no Mastodon account is signed in")
                }
                throw ShareError(.badInput, destination: "mastodon", message: "unknown destination 'mastodon'")
            }

            let results = try await runner.run(now: { Self.later })

            #expect(Set(results.map(\.result)) == [.queued, .failed])
            #expect(try store.item(queued.id)?.state == .queued)
            #expect(try store.item(failed.id)?.state == .failed)
        }

        @Test(arguments: [ShareError.Code.unavailable, .transient, .badInput])
        func anUnknownItemWhoseDestinationCantBeBuiltStaysUnknown(code: ShareError.Code) async throws {
            let unknown = ShareError(.outcomeUnknown, destination: "email", message: "the connection closed after DATA")
            let item = try enqueue(failure: unknown)
            let runner = OutboxRunner(store: store, owner: "test-run", leaseSeconds: 600) {
                _,
                _ throws(ShareError) in
                throw ShareError(code, destination: "email", message: "SHAREVIA_UNAVAILABLE marks email unavailable")
            }

            let results = try await runner.run(now: { Self.later }, only: [item.id], resend: true)

            #expect(results.map(\.result) == [.unknown])
            let after = try #require(try store.item(item.id))
            #expect(after.state == .unknown, "an unknown email must never become queued and be resent on its own")
            #expect(after.lastError?.contains("SHAREVIA_UNAVAILABLE") == true)
        }

        @Test func aRunTriesEachItemOnceEvenWhenItIsDueAgainAtOnce() async throws {
            let schedule = OutboxSchedule(firstDelay: .zero, maxDelay: .zero)
            let store = OutboxStore(path: folder.file("sharevia.sqlite"), schedule: schedule)
            let item = try store.enqueue(
                OutboxFixtures.request(),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )
            let failing = FailingDestination(id: "mastodon", code: .transient)

            let results = try await runner(failing, store: store).run(now: { Self.later })

            #expect(results.count == 1 && failing.deliveryAttempts == 1)
            #expect(try store.item(item.id)?.nextTryMicroseconds == Self.later)
        }

        @Test func onlyTheGivenItemsAreTriedWhateverTheirNextTry() async throws {
            let first = try enqueue(1)
            let second = try enqueue(2)
            let destination = ScriptedDestination()

            let results = try await runner(destination).run(now: { OutboxFixtures.now }, only: [second.id, 99])

            #expect(results.map(\.item.id) == [second.id])
            #expect(try store.item(first.id)?.state == .queued)
            #expect(try store.item(second.id)?.state == .delivered)
        }

        @Test func anItemTakenAwayMidTryIsReportedAsLeaseLostAndTheRunGoesOn() async throws {
            let first = try enqueue(1)
            let second = try enqueue(2)
            let store = store
            let destination = DroppingDestination(store: store, dropping: first.id)

            let results = try await runner(destination).run(now: { Self.later })

            #expect(results.map(\.item.id) == [first.id, second.id])
            #expect(results.map(\.leaseLost) == [true, false])
            #expect(results.map(\.result) == [.delivered, .delivered])
            #expect(try store.item(first.id) == nil)
            #expect(try store.item(second.id)?.state == .delivered)
        }

        // MARK: unknown items

        static let checks: [(OutcomeCheck, OutboxState, Int)] = [
            (
                .arrived(DeliveryReceipt(destination: "mastodon", summary: "found https://example.social/@me/7")),
                .delivered, 0
            ),
            (.notArrived, .delivered, 1),
            (.safeToResend("the server still honours the Idempotency-Key"), .delivered, 1),
            (.cannotTell("bsky.social answered 502 \"Bad Gateway\""), .unknown, 0),
        ]

        @Test(arguments: 0..<checks.count)
        func anUnknownItemIsCheckedBeforeItIsSentAgain(_ index: Int) async throws {
            let (answer, state, deliveries) = Self.checks[index]
            let destination = CheckingDestination(answer: answer)
            let unknown = ShareError(.outcomeUnknown, destination: "mastodon", message: "no answer")
            let item = try enqueue(failure: unknown)

            let results = try await runner(destination).run(now: { Self.later })

            let after = try #require(try store.item(item.id))
            #expect(results.map(\.result) == [state])
            #expect(after.state == state)
            #expect(destination.delivered.count == deliveries)
            #expect(destination.checks.count == 1)
            // Counted from when the share was made: the earliest its request can have gone out.
            let made = Int64(OutboxFixtures.options(1).id.microseconds)
            #expect(destination.checks.first == .microseconds(Self.later - made))
            switch answer {
            case .arrived(let receipt): #expect(after.receipt == receipt)
            case .cannotTell(let why):
                #expect(after.lastError == why && after.lastErrorCode == "cannot-tell")
                #expect(after.nextTryMicroseconds > Self.later)
            default: #expect(after.receipt?.summary == "posted 1")
            }
        }

        @Test func anUnknownItemOfADestinationThatCantCheckIsNeverSentAgainWithoutAPersonsWord() async throws {
            let email = ScriptedDestination()
            let unknown = ShareError(.outcomeUnknown, destination: "email", message: "the connection closed after DATA")
            let item = try enqueue(failure: unknown)

            let due = try await runner(email).run(now: { Self.later })
            let retried = try await runner(email).run(now: { Self.later + 1 }, only: [item.id])
            let everyDue = try await runner(email).run(now: { Self.later + 10 * OutboxFixtures.minute })

            #expect(due.map(\.result) == [.unknown])
            #expect(retried.map(\.result) == [.unknown])
            #expect(everyDue.isEmpty)
            #expect(email.delivered.isEmpty)
            let waiting = try #require(try store.item(item.id))
            #expect(waiting.state == .unknown && waiting.lastErrorCode == "needs-decision")
            #expect(waiting.lastError?.contains("resend") == true)

            let resent = try await runner(email).run(now: { Self.later + 2 }, only: [item.id], resend: true)

            #expect(resent.map(\.result) == [.delivered])
            #expect(email.delivered.count == 1)
        }

        @Test func aRunCancelledWhileTheRequestIsOutLeavesTheItemUnknown() async throws {
            let item = try enqueue()
            let waiting = WaitingDestination()
            let runner = runner(waiting)
            let run = Task { try await runner.run(now: { Self.later }) }
            // A generous hang guard: under a full test run a task may start late.
            let deadline = ContinuousClock.now + .seconds(60)
            while !waiting.started, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(waiting.started, "the delivery never started")
            run.cancel()
            let results = try await run.value

            #expect(results.map(\.result) == [.unknown])
            #expect(try store.item(item.id)?.state == .unknown)
        }

        @Test func aRunCancelledBeforeTheRequestWentOutPutsTheItemBack() async throws {
            let item = try enqueue()
            let waiting = WaitingDestination()
            let runner = OutboxRunner(store: store, owner: "test-run", leaseSeconds: 600) {
                _,
                _ throws(ShareError) in
                // The run is cancelled while its destination is being built.
                withUnsafeCurrentTask { $0?.cancel() }
                return waiting
            }

            let results = try await Task { try await runner.run(now: { Self.later }) }.value

            #expect(results.map(\.result) == [.queued])
            #expect(!waiting.started)
            let after = try #require(try store.item(item.id))
            #expect(after.state == .queued && after.nextTryMicroseconds == Self.later)
        }
    }
}

/// A destination whose deliveries follow a script (then succeed), recording what it prepared.
final class ScriptedDestination: ShareDestination {
    enum Step: Sendable {
        case success
        case failure(ShareError)
    }

    let descriptor = DestinationDescriptor(
        id: "mastodon",
        displayName: "Scripted",
        summary: "Follows a script, for tests.",
        capabilities: .all
    )
    private let state: Mutex<(steps: [Step], prepared: [ShareRequest], delivered: [String])>

    init(results: [Step] = []) {
        state = Mutex((results, [], []))
    }

    /// Every request prepared, and the share ids of every delivery, in order.
    var prepared: [ShareRequest] { state.withLock { $0.prepared } }
    var delivered: [String] { state.withLock { $0.delivered } }

    func availability() async -> Availability { .available() }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        state.withLock { $0.prepared.append(request) }
        return PreparedShare(destination: id, summary: request.options.id.description, text: request.content.plainText)
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        let step: Step = state.withLock { $0.steps.isEmpty ? .success : $0.steps.removeFirst() }
        if case .failure(let error) = step { throw error }
        let count = state.withLock { state in
            state.delivered.append(prepared.summary)
            return state.delivered.count
        }
        return DeliveryReceipt(destination: id, summary: "posted \(count)")
    }
}

/// A ``ScriptedDestination`` that can tell whether an unknown delivery arrived: it answers
/// `answer`, recording how long ago each check was told the first request went out.
final class CheckingDestination: OutcomeChecking {
    private let inner = ScriptedDestination()
    private let answer: OutcomeCheck
    private let asked = Mutex<[Duration]>([])

    init(answer: OutcomeCheck) { self.answer = answer }

    var descriptor: DestinationDescriptor { inner.descriptor }
    var delivered: [String] { inner.delivered }
    var checks: [Duration] { asked.withLock { $0 } }

    func availability() async -> Availability { .available() }
    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare { try inner.prepare(request) }
    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        try await inner.deliver(prepared)
    }

    func checkOutcome(of prepared: PreparedShare, sinceFirstSent: Duration) async -> OutcomeCheck {
        asked.withLock { $0.append(sinceFirstSent) }
        return answer
    }
}

/// A destination that drops item `dropping` from the outbox while delivering it (as `outbox drop`
/// from another process would), then delivers.
final class DroppingDestination: ShareDestination {
    let descriptor = DestinationDescriptor(
        id: "mastodon",
        displayName: "Dropping",
        summary: "Drops an item mid-try, for tests.",
        capabilities: .all
    )
    let store: OutboxStore
    let dropping: Int64

    init(store: OutboxStore, dropping: Int64) {
        self.store = store
        self.dropping = dropping
    }

    func availability() async -> Availability { .available() }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(destination: id, summary: request.options.id.description)
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if prepared.summary == OutboxFixtures.options(1).id.description {
            _ = try? store.drop(dropping)
        }
        return DeliveryReceipt(destination: id, summary: "posted")
    }
}

/// A destination whose delivery says it started, then waits until it is cancelled.
final class WaitingDestination: ShareDestination {
    let descriptor = DestinationDescriptor(
        id: "mastodon",
        displayName: "Waiting",
        summary: "Waits until cancelled, for tests.",
        capabilities: .all
    )
    private let began = Mutex(0)

    /// True once a delivery began.
    var started: Bool { began.withLock { $0 > 0 } }
    /// How many deliveries began.
    var startedCount: Int { began.withLock { $0 } }

    func availability() async -> Availability { .available() }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(destination: id, summary: "waits")
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        began.withLock { $0 += 1 }
        while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(10)) }
        throw ShareError(.cancelled, destination: id, message: "cancelled while the request was out")
    }
}
