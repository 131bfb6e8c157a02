import Foundation
import ProcessRunning
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A run's deadline holds while every thread of Swift's shared pool is blocked: the runner
/// serves its tasks and timers on a thread of its own, as the C runner it replaced did.
struct BlockedPoolTests {
    @Test func theDeadlineKillsTheChildWhileThePoolIsBlocked() async throws {
        let folder = TemporaryFolder("blocked-pool")
        defer { folder.remove() }
        let pidFile = folder.file("pid")
        let run = Task {
            try await ProcessRunner().run(
                ProcessInvocation(
                    executable: "/bin/sh",
                    arguments: ["-c", "echo $$ > '\(pidFile)'; exec sleep 30"],
                    timeout: .milliseconds(500)
                )
            )
        }
        // Once the child runs, block every thread of the pool for 4 s, while a thread of its own
        // watches when the child dies.
        var pid: Int32 = 0
        for _ in 0..<500 where pid == 0 {
            pid =
                folder.read("pid").flatMap {
                    Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                } ?? 0
            if pid == 0 { try await Task.sleep(for: .milliseconds(10)) }
        }
        try #require(pid > 0)
        let child = pid
        let width = ProcessInfo.processInfo.activeProcessorCount
        let watch = Watch()
        let started = ContinuousClock.now
        Thread.detachNewThread {
            while ContinuousClock.now - started < .seconds(4), watch.diedAfter.withLock({ $0 }) == nil {
                if !Self.isAlive(child) { watch.diedAfter.withLock { $0 = ContinuousClock.now - started } }
                usleep(5000)
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<width {
                group.addTask {
                    watch.arrived.add(1, ordering: .sequentiallyConsistent)
                    while watch.arrived.load(ordering: .sequentiallyConsistent) < width,
                        ContinuousClock.now - started < .seconds(2)
                    {
                        usleep(1000)
                    }
                    while ContinuousClock.now - started < .seconds(4) { usleep(5000) }
                }
            }
        }
        let output = try await run.value
        #expect(output.timedOut)
        let died = try #require(watch.diedAfter.withLock { $0 }, "the child outlived 4 s of a blocked pool")
        // Killed at its 0.5 s deadline, not once the pool was free again at 4 s; the bound leaves
        // room for a busy machine.
        #expect(died < .seconds(3), "the child died \(died) after the pool was blocked")
    }

    /// What the blocking tasks share.
    final class Watch: Sendable {
        let arrived = Atomic<Int>(0)
        let diedAfter = Mutex<Duration?>(nil)
    }

    /// Running (not gone, not a zombie waiting for its reaper).
    static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }
}
