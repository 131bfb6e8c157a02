import Foundation
import ProcessRunning
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The runner's options for programs that must leave nothing behind (plugins): the group killed
/// when the child exits, an answer taken when complete, and cancellation killing at once.
struct ProcessGroupTeardownTests {
    let folder = TemporaryFolder("process-group")

    /// A pid a script wrote to `name`, once it is there.
    func pid(in name: String) async -> Int32 {
        for _ in 0..<100 {
            if let data = folder.read(name),
                let pid = Int32(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return 0
    }

    func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    /// Whether a process of group `group` is alive (zombies waiting to be reaped count as gone).
    func groupIsAlive(_ group: Int32) -> Bool {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return pids.contains { pid in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            guard let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[2]) == group && fields[0] != "Z"
        }
    }

    func script(_ body: String) -> ProcessInvocation {
        ProcessInvocation(executable: "/bin/sh", arguments: ["-c", body], timeout: .seconds(20))
    }

    @Test func aChildLeftInTheGroupIsKilledOnlyWhenAsked() async throws {
        // A child that outlives any delay a loaded machine puts between the run and the check (the
        // test kills it itself).
        let body = "sleep 600 </dev/null >/dev/null 2>&1 & echo $! > '\(folder.file("CHILD"))'; echo done"
        var plain = script(body.replacingOccurrences(of: "CHILD", with: "kept"))
        let kept = try await ProcessRunner().run(plain)
        #expect(kept.exitStatus == 0)
        let keptChild = await pid(in: "kept")
        #expect(isAlive(keptChild), "without the option a child stays (xclip's owner must)")
        kill(keptChild, SIGKILL)
        plain = script(body.replacingOccurrences(of: "CHILD", with: "killed"))
        plain.killsProcessGroupOnExit = true
        let cleaned = try await ProcessRunner().run(plain)
        #expect(cleaned.exitStatus == 0)
        let killedChild = await pid(in: "killed")
        try await Task.sleep(for: .milliseconds(200))
        #expect(!isAlive(killedChild), "the child \(killedChild) outlived the run")
    }

    @Test func aCompleteAnswerEndsTheRunAfterTheGracePeriod() async throws {
        var invocation = script(#"printf '{"outcome":"delivered","text":"a } in a string"}\n'; sleep 240"#)
        invocation.timeout = .seconds(180)
        invocation.answerGracePeriod = .milliseconds(200)
        invocation.killsProcessGroupOnExit = true
        let clock = ContinuousClock()
        let started = clock.now
        let output = try await ProcessRunner().run(invocation)
        // Far under the 180 s limit the run would reach without the grace period, with room for
        // a busy machine.
        #expect(clock.now - started < .seconds(90))
        #expect(output.answeredThenLingered)
        #expect(!output.timedOut && output.signal == nil)
        #expect(String(decoding: output.standardOutput, as: UTF8.self).hasSuffix("string\"}\n"))
    }

    @Test func cancellingKillsTheGroupBeforeTheRunReturns() async throws {
        var invocation = script("echo $$ > '\(folder.file("leader"))'; sleep 30 & sleep 30")
        invocation.killsProcessGroupOnExit = true
        let task = Task { try await ProcessRunner().run(invocation) }
        let leader = await pid(in: "leader")
        #expect(leader > 0)
        task.cancel()
        // The kill happens in the cancellation handler itself, not at the waiting thread's next
        // look, so a process that exits right after cancelling leaves nothing behind. Within 1 s:
        // a killed process may wait to be scheduled on a busy machine; the 30 s sleeps would not.
        var gone = false
        for _ in 0..<200 where !gone {
            gone = !groupIsAlive(leader)
            if !gone { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(gone, "the group of \(leader) was not killed at cancellation")
        let output = try await task.value
        #expect(output.cancelled, "\(output) \(String(decoding: output.standardError, as: UTF8.self))")
    }
}
