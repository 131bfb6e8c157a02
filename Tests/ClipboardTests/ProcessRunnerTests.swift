import Foundation
import ProcessRunning
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The runner returns when the direct child exits, whatever its children hold open, and always
/// within its deadline.
struct ProcessRunnerTests {
    let runner = ProcessRunner()
    let clock = ContinuousClock()

    @Test func returnsWhileADaemonisedGrandchildHoldsStdoutOpen() async throws {
        let started = clock.now
        // Like xclip: print, leave a child behind that inherited stdout and stderr, exit. The
        // grandchild outlives the timeout, so a runner that waited for EOF would time out (and
        // take 30 s) instead of returning at once.
        let output = try await runner.run(
            ProcessInvocation(
                executable: "/bin/sh",
                arguments: ["-c", "echo ready; sleep 300 & echo $!; exit 0"],
                timeout: .seconds(120)
            )
        )
        let elapsed = clock.now - started
        let lines = String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n")
        if lines.count == 2, let grandchild = Int32(lines[1]) { kill(grandchild, SIGKILL) }
        // Waiting for the grandchild would take the 120 s timeout; the bound leaves room for the
        // whole suite running in parallel on two cores.
        #expect(elapsed < .seconds(60), "took \(elapsed)")
        #expect(output.succeeded)
        #expect(!output.timedOut)
        #expect(lines.first == "ready")
        #expect(lines.count == 2, "\(lines)")
    }

    @Test func killsTheProcessGroupAtTheDeadline() async throws {
        let started = clock.now
        let output = try await runner.run(
            ProcessInvocation(
                executable: "/bin/sh",
                arguments: ["-c", "sleep 300"],
                timeout: .milliseconds(200)
            )
        )
        // Bounded, not fast: waiting for the child would take 300 s; the bound leaves room for
        // the whole suite running in parallel on two cores.
        #expect(clock.now - started < .seconds(60))
        #expect(output.timedOut)
        #expect(output.signal == Int(SIGKILL))
        #expect(!output.succeeded)
    }

    @Test func cancellingTheTaskKillsTheChild() async throws {
        let started = clock.now
        let task = Task {
            try await runner.run(
                ProcessInvocation(executable: "/bin/sleep", arguments: ["300"], timeout: .seconds(600))
            )
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let output = try await task.value
        #expect(clock.now - started < .seconds(60))
        #expect(output.cancelled)
        #expect(!output.succeeded)
    }

    @Test func aCancelledTaskSpawnsNothing() async throws {
        let marker = NSTemporaryDirectory() + "sharevia-runner-\(UUID().uuidString)"
        let output = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await runner.run(ProcessInvocation(executable: "/usr/bin/touch", arguments: [marker]))
        }.value
        #expect(output.cancelled)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func feedsStdinFromBytesAndFromAFile() async throws {
        let payload = PNGBytes.randomRGBFile(width: 300, height: 300, seed: 1)  // larger than a pipe buffer
        let fromBytes = try await runner.run(ProcessInvocation(executable: "/bin/cat", standardInput: .bytes(payload)))
        #expect(fromBytes.standardOutput == payload)

        let folder = TemporaryFolder("stdin")
        defer { folder.remove() }
        let path = try folder.write(Data(payload), named: "in")
        let fromFile = try await runner.run(ProcessInvocation(executable: "/bin/cat", standardInput: .file(path: path)))
        #expect(fromFile.standardOutput == payload)

        let empty = try await runner.run(ProcessInvocation(executable: "/bin/cat", standardInput: .bytes([])))
        #expect(empty.succeeded && empty.standardOutput.isEmpty)
    }

    @Test func aMissingStdinFileIsNotAMissingProgram() async throws {
        let folder = TemporaryFolder("stdin")
        defer { folder.remove() }
        let missing = folder.path + "/gone"
        let error = await #expect(throws: ProcessRunnerError.self) {
            try await runner.run(ProcessInvocation(executable: "/bin/cat", standardInput: .file(path: missing)))
        }
        #expect(error?.stage == .standardInput(path: missing))
        #expect(error?.errno == ENOENT)
        #expect(error?.isNotFound == false)
        #expect(error?.description == "can't open \(missing) as /bin/cat's input: No such file or directory")
    }

    @Test func reportsExitStatusSignalAndStderr() async throws {
        let failed = try await runner.run("/bin/sh", arguments: ["-c", "echo oops >&2; exit 3"])
        #expect(failed.exitStatus == 3)
        #expect(failed.errorText == "oops")
        let killed = try await runner.run("/bin/sh", arguments: ["-c", "kill -TERM $$"])
        #expect(killed.exitStatus == nil)
        #expect(killed.signal == Int(SIGTERM))
    }

    @Test func keepsAtMostMaxOutputBytes() async throws {
        let output = try await runner.run(
            ProcessInvocation(
                executable: "/usr/bin/head",
                arguments: ["-c", "200000", "/dev/zero"],
                maxOutput: 10
            )
        )
        #expect(output.succeeded)
        #expect(output.standardOutput.count == 10)
    }

    @Test func theChildGetsNoDescriptorFromThreeUp() async throws {
        let output = try await runner.run("/bin/sh", arguments: ["-c", "ls /proc/self/fd"])
        let fds = String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        // 0, 1, 2, and the descriptor ls itself opens to read the directory.
        #expect(fds.filter { $0 > 3 }.isEmpty, "\(fds)")
    }

    @Test func aProgramStillOpenForWritingIsRunOnceItIsClosed() async throws {
        let folder = TemporaryFolder("busy")
        let path = try folder.writeExecutable("#!/bin/sh\necho ran\n", named: "script")
        // Held open for writing, the way a thread's fresh file is inherited by another's fork:
        // exec fails with ETXTBSY until the descriptor is closed.
        let writer = open(path, O_WRONLY)
        #expect(writer >= 0)
        // Closed from a thread of its own: the test's task pool may be busy with other suites.
        Thread.detachNewThread {
            usleep(100_000)
            close(writer)
        }
        let output = try await runner.run(ProcessInvocation(executable: path, timeout: .seconds(30)))
        #expect(output.succeeded)
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "ran\n")
    }

    /// Stdin bytes reach the child through an in-memory file, not a pipe this process feeds: a
    /// child that exits without reading them (a plugin that fails at once) can't raise SIGPIPE
    /// here, which at its default action would end the whole process, tests and all.
    @Test func aChildThatReadsNoneOfItsInputEndsNothingHere() async throws {
        let payload = [UInt8](repeating: 7, count: 1 << 20)  // far more than a pipe holds
        for _ in 0..<5 {
            let output = try await runner.run(
                ProcessInvocation(executable: "/bin/true", standardInput: .bytes(payload))
            )
            #expect(output.succeeded)
        }
        let counted = try await runner.run(
            ProcessInvocation(executable: "/usr/bin/wc", arguments: ["-c"], standardInput: .bytes(payload))
        )
        #expect(
            String(decoding: counted.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                == "1048576"
        )
    }

    @Test func aFileThatCantBeRunIsNotAMissingProgram() async throws {
        let folder = TemporaryFolder("noexec")
        defer { folder.remove() }
        let path = try folder.write(Data("#!/bin/sh\necho ran\n".utf8), named: "plain")
        let error = await #expect(throws: ProcessRunnerError.self) {
            try await runner.run(ProcessInvocation(executable: path))
        }
        #expect(error?.errno == EACCES)
        #expect(error?.isNotFound == false)
        #expect(error?.description == "can't run \(path): Permission denied")
    }

    @Test func aMissingProgramIsNotFound() async throws {
        let error = await #expect(throws: ProcessRunnerError.self) {
            try await runner.run(ProcessInvocation(executable: "/nonexistent/xclip"))
        }
        #expect(error?.isNotFound == true)
    }

    @Test func manyShortCommandsNeverStall() async throws {
        let started = clock.now
        for _ in 0..<20 { _ = try await runner.run(ProcessInvocation(executable: "/bin/true", timeout: .seconds(120))) }
        // Woken by the child's exit (pidfd): 20 runs take about 20 ms alone; the bound leaves room
        // for the whole suite running in parallel on two cores, but not for waiting out a timeout.
        #expect(clock.now - started < .seconds(60), "took \(clock.now - started)")
    }
}

/// A background program starts, runs, and stops, even when it ignores SIGTERM.
struct BackgroundProcessTests {
    @Test func startsAndStops() async throws {
        let process = try await BackgroundProcess.start("/bin/sleep", arguments: ["30"])
        #expect(process.isRunning)
        await process.stop()
        #expect(!process.isRunning)
    }

    @Test func stopKillsAProgramThatIgnoresSIGTERM() async throws {
        let folder = TemporaryFolder("bg")
        defer { folder.remove() }
        let log = folder.path + "/log"
        let process = try await BackgroundProcess.start(
            "/bin/sh",
            arguments: ["-c", "trap '' TERM; echo started; while :; do sleep 1; done"],
            logPath: log
        )
        // The trap is set once "started" is written; stopping before that would test nothing.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while (try? String(contentsOfFile: log, encoding: .utf8)) != "started\n", clock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "started\n")
        let grace = Duration.milliseconds(200)
        let started = clock.now
        await process.stop(grace: grace)
        let elapsed = clock.now - started
        #expect(!process.isRunning)
        // It ignored SIGTERM, so only the SIGKILL after the grace period ended it.
        #expect(elapsed >= grace, "took \(elapsed)")
        #expect(elapsed < .seconds(60), "took \(elapsed)")
    }

    @Test func waitForExitSeesAProgramEndOnItsOwn() async throws {
        let process = try await BackgroundProcess.start("/bin/sh", arguments: ["-c", "exit 0"])
        #expect(await process.waitForExit(timeout: .seconds(5)))
        #expect(!process.isRunning)
    }

    @Test func aMissingProgramThrows() async {
        await #expect(throws: ProcessRunnerError.self) { try await BackgroundProcess.start("/nonexistent/Xvfb") }
    }
}

/// Timeouts handed to C calls: whole milliseconds, never negative, never overflowing.
@Suite struct DurationMillisecondsTests {
    @Test(arguments: [
        (Duration.milliseconds(1500), 1500),
        (Duration.microseconds(2999), 2),
        (Duration.seconds(-1), 0),
        (Duration.seconds(Int64.max), Int.max),
    ])
    func wholeMilliseconds(duration: Duration, expected: Int) {
        #expect(duration.wholeMilliseconds == expected)
    }
}
