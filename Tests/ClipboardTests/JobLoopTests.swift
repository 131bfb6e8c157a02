import ProcessRunning
import Synchronization
import Testing

/// The loop both executors serve: due timers in deadline order on the serving thread, and the
/// two endings (a run's thread drains and wakes every sleeper left; the CLI's top level stops).
struct JobLoopTests {
    /// Serves `loop` on a thread of its own until it returns; then `returned` is signalled.
    static func serve(_ loop: JobLoop, ending: JobLoop.Ending) -> AsyncStream<Void> {
        let (returned, continuation) = AsyncStream<Void>.makeStream()
        BlockingThread.start {
            loop.serve(on: globalConcurrentExecutor.asUnownedTaskExecutor(), ending: ending)
            continuation.finish()
        }
        return returned
    }

    @Test func dueTimersFireInDeadlineOrder() async {
        let loop = JobLoop()
        let fired = Mutex<[Int]>([])
        let returned = Self.serve(loop, ending: .atOnce)
        let now = ContinuousClock.now
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            loop.at(now + .milliseconds(60)) {
                fired.withLock { $0.append(3) }
                done.resume()
            }
            loop.at(now + .milliseconds(40)) { fired.withLock { $0.append(2) } }
            loop.at(now + .milliseconds(20)) { fired.withLock { $0.append(1) } }
        }
        #expect(ContinuousClock.now - now >= .milliseconds(60))
        loop.finish()
        for await _ in returned {}
        #expect(fired.withLock { $0 } == [1, 2, 3])
    }

    @Test(arguments: [JobLoop.Ending.afterTheQueue, .atOnce])
    func theEndingDecidesWhetherTimersLeftFire(ending: JobLoop.Ending) async {
        let loop = JobLoop()
        let fired = Mutex(false)
        let returned = Self.serve(loop, ending: ending)
        loop.at(.now + .seconds(3600)) { fired.withLock { $0 = true } }
        loop.finish()
        for await _ in returned {}
        #expect(fired.withLock { $0 } == (ending == .afterTheQueue))
    }

    @Test func aSleepWakesOnTheServingThreadAndACancelledOneThrows() async throws {
        let loop = JobLoop()
        let returned = Self.serve(loop, ending: .atOnce)
        let start = ContinuousClock.now
        try await loop.sleep(until: start + .milliseconds(30))
        #expect(ContinuousClock.now - start >= .milliseconds(30))
        let sleeper = Task { try await loop.sleep(until: .now + .seconds(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(ContinuousClock.now - start < .seconds(60))
        loop.finish()
        for await _ in returned {}
    }
}
