import Foundation
import ProcessRunning
import TestSupport
import Testing

@testable import Clipboard

#if canImport(Glibc)
import Glibc
#endif

extension XServerTests {
    /// sharevia's own X11 client against a real X server: what it owns, real xclip and xsel read
    /// byte for byte, and what real xclip owns, it reads. Nested in ``XServerTests`` so it runs
    /// serialized with every other suite that uses the shared display's selections. The tests
    /// that freeze or kill a server start a private Xvfb.
    @Suite struct X11SelectionTests {
        static let textTargets = ["UTF8_STRING", "text/plain;charset=utf-8", "TEXT"]

        func client(_ display: String, timeout: Duration = .seconds(5)) -> X11SelectionClient {
            X11SelectionClient(display: display, timeout: timeout)
        }

        // MARK: Round trips

        @Test func textRoundTripsThroughXclipXselAndOurRead() async throws {
            let display = try TestDisplay.require()
            let text = Array(Fixtures.tricky.utf8)
            try await client(display).own([
                X11SelectionItem(selection: .clipboard, targets: Self.textTargets, bytes: text)
            ])

            #expect(try await XClip.read(.clipboard, type: "UTF8_STRING", display: display) == text)
            #expect(try await Self.xsel(["--clipboard", "--output"], display: display) == text)
            #expect(try await client(display).read(.clipboard, as: "UTF8_STRING", maxBytes: 1 << 20) == text)
            // TEXT is answered with the first target's type, so the same bytes.
            #expect(try await client(display).read(.clipboard, as: "TEXT", maxBytes: 1 << 20) == text)
        }

        @Test func pngRoundTripsThroughXclipAndOurRead() async throws {
            let display = try TestDisplay.require()
            let png = [UInt8](Fixtures.png)
            try await client(display).own([X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: png)])

            #expect(try await XClip.read(.clipboard, type: "image/png", display: display) == png)
            #expect(try await client(display).read(.clipboard, as: "image/png", maxBytes: png.count) == png)
        }

        /// 5 MB is more than one property may carry (the owner's chunk is at most 1 MiB), so the
        /// owner must use INCR; xclip and our reader must both follow it.
        @Test func largePayloadGoesThroughIncrToXclipAndOurRead() async throws {
            let display = try TestDisplay.require()
            let bytes = Self.randomBytes(count: 5_000_000, seed: 11)
            try await client(display, timeout: .seconds(20)).own([
                X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: bytes)
            ])

            let viaXclip = try await XClip.read(.clipboard, type: "image/png", display: display)
            #expect(viaXclip.count == bytes.count)
            #expect(viaXclip == bytes)
            let viaUs = try await client(display, timeout: .seconds(20))
                .read(.clipboard, as: "image/png", maxBytes: bytes.count)
            #expect(viaUs.count == bytes.count)
            #expect(viaUs == bytes)
        }

        /// xclip serves 5 MB by INCR too (its chunks are about 1 MB); our reader collects it.
        @Test func readsALargeSelectionOwnedByXclip() async throws {
            let display = try TestDisplay.require()
            let folder = TemporaryFolder("x11-incr")
            defer { folder.remove() }
            let bytes = Self.randomBytes(count: 5_000_000, seed: 12)
            let file = try folder.write(Data(bytes), named: "big.png")
            // xclip returns before its child owns the selection: make sure the owner it replaces
            // doesn't offer image/png, so the wait below can tell them apart.
            try await client(display).own([
                X11SelectionItem(selection: .clipboard, targets: ["text/x-placeholder"], bytes: [0])
            ])
            let copy = try await ProcessRunner().run(
                try RequiredTools.path("xclip"),
                arguments: ["-selection", "clipboard", "-t", "image/png", "-i", file],
                environment: ["DISPLAY": display]
            )
            try #require(copy.succeeded, "\(copy.errorText)")
            // xclip's forked child takes the selection a moment after xclip returns.
            try await Self.waitUntil("xclip offers image/png") {
                (try? await client(display).targets(.clipboard))?.contains("image/png") == true
            }

            let back = try await client(display, timeout: .seconds(20))
                .read(.clipboard, as: "image/png", maxBytes: bytes.count)
            #expect(back.count == bytes.count)
            #expect(back == bytes)
        }

        /// ICCCM 2.2: an owner that loses the selection mid-way through an INCR transfer finishes
        /// it. Each round races a read of 3 MB against xclip taking the selection; the read must
        /// get either all our bytes or xclip's, never stall (nor may the owner outlive it).
        @Test func anOwnerThatLosesTheSelectionMidTransferFinishesIt() async throws {
            let display = try TestDisplay.require()
            for round in 0..<10 {
                let bytes = Self.randomBytes(count: 3_000_000, seed: UInt64(100 + round))
                let owner = try await client(display).own([
                    X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: bytes)
                ])
                let reader = client(display, timeout: .seconds(5))
                let reading = Task { () async -> Result<[UInt8], X11SelectionError> in
                    do throws(X11SelectionError) {
                        return .success(try await reader.read(.clipboard, as: "image/png", maxBytes: bytes.count))
                    } catch {
                        return .failure(error)
                    }
                }
                let taken = "taken in round \(round)"
                try await XClip.write(taken, to: .clipboard, display: display)
                switch await reading.value {
                case .success(let back):
                    // xclip serves its text under any target.
                    #expect(back == bytes || back == Array(taken.utf8), "round \(round): \(back.count) other bytes")
                case .failure(let error):
                    Issue.record("round \(round): \(error)")
                }
                #expect(await Self.waitForExit(owner.pid, timeout: .seconds(3)), "round \(round): owner still there")
            }
        }

        @Test func targetsListTimestampAndTheOfferedTypes() async throws {
            let display = try TestDisplay.require()
            try await client(display).own([
                X11SelectionItem(
                    selection: .clipboard,
                    targets: ["image/png", "image/x-sharevia-test"],
                    bytes: [1, 2, 3]
                )
            ])
            let expected = ["TARGETS", "TIMESTAMP", "image/png", "image/x-sharevia-test"]

            #expect(try await XClip.targets(.clipboard, display: display) == expected)
            #expect(try await client(display).targets(.clipboard) == expected)
            // TIMESTAMP is the server time the owner took the selection at: one 32-bit INTEGER.
            let time = try await client(display).read(.clipboard, as: "TIMESTAMP", maxBytes: 64)
            #expect(time.count == 4)
            #expect(time != [0, 0, 0, 0])
        }

        @Test func oneOwnerServesClipboardAndPrimaryEachWithItsOwnBytes() async throws {
            let display = try TestDisplay.require()
            let png = [UInt8](Fixtures.png)
            let text = Array("primary text ✓".utf8)
            let owner = try await client(display).own([
                X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: png),
                X11SelectionItem(selection: .primary, targets: Self.textTargets, bytes: text),
            ])

            #expect(try await XClip.read(.clipboard, type: "image/png", display: display) == png)
            #expect(try await XClip.read(.primary, type: "UTF8_STRING", display: display) == text)
            #expect(try await client(display).read(.clipboard, as: "image/png", maxBytes: png.count) == png)
            #expect(try await client(display).read(.primary, as: "UTF8_STRING", maxBytes: 1024) == text)
            #expect(try await client(display).targets(.primary) == ["TARGETS", "TIMESTAMP"] + Self.textTargets)
            #expect(Self.isAlive(owner.pid))
            #expect(Self.processName(owner.pid) == "sharevia-clip")
        }

        /// The owner is a program started afresh, never a `fork()` of this multi-threaded process
        /// without `exec` (whose copy could wait for ever on a lock another thread held): its
        /// command line is its own, not this test runner's, and it runs this very executable.
        @Test func theOwnerIsThisProgramExecutedAfreshInOwnerMode() async throws {
            let display = try TestDisplay.require()
            let owner = try await client(display).own([
                X11SelectionItem(selection: .clipboard, targets: Self.textTargets, bytes: Array("exec'd".utf8))
            ])
            let commandLine = FileManager.default.contents(atPath: "/proc/\(owner.pid)/cmdline").map { [UInt8]($0) }
            #expect(commandLine == Array("sharevia-clip".utf8) + [0], "a forked copy keeps its parent's command line")
            let ownExecutable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let ownerExecutable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(owner.pid)/exe")
            #expect(ownerExecutable == ownExecutable)
            // A session of its own, as before: no terminal's signals reach it.
            let stat = try String(contentsOfFile: "/proc/\(owner.pid)/stat", encoding: .utf8)
            let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
            #expect(fields.count > 3 && Int32(fields[3]) == owner.pid, "the owner leads its own session")
            #expect(try await client(display).read(.clipboard, as: "UTF8_STRING", maxBytes: 64) == Array("exec'd".utf8))
        }

        // MARK: The owner's lifetime

        @Test func ownerExitsOnceOtherProgramsTookEverySelection() async throws {
            let display = try TestDisplay.require()
            let owner = try await client(display).own([
                X11SelectionItem(selection: .clipboard, targets: Self.textTargets, bytes: Array("ours 1".utf8)),
                X11SelectionItem(selection: .primary, targets: Self.textTargets, bytes: Array("ours 2".utf8)),
            ])
            #expect(Self.isAlive(owner.pid))

            try await XClip.write("taken by xclip", to: .clipboard, display: display)
            // Still the owner of PRIMARY, so still there and serving.
            #expect(try await client(display).read(.primary, as: "UTF8_STRING", maxBytes: 64) == Array("ours 2".utf8))
            #expect(Self.isAlive(owner.pid))

            try await XClip.write("primary taken too", to: .primary, display: display)
            let gone = await Self.waitForExit(owner.pid, timeout: .seconds(3))
            #expect(gone, "sharevia-clip \(owner.pid) still runs after losing both selections")
            // Its parent is this process, which reaps it: no zombie stays behind.
            let reaped = await Self.waitUntilReaped(owner.pid, timeout: .seconds(3))
            #expect(
                reaped,
                "sharevia-clip \(owner.pid) is left a zombie (state \(Self.state(owner.pid).map(String.init) ?? "?"))"
            )
        }

        @Test func ownerExitsWhenTheServerGoesAway() async throws {
            _ = try RequiredTools.paths()
            try await XvfbServer.with { server in
                let owner = try await client(server.display).own([
                    X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: [1, 2, 3])
                ])
                #expect(Self.isAlive(owner.pid))
                server.process.signal(SIGKILL)
                _ = await server.process.waitForExit(timeout: .seconds(5))
                // A killed Xvfb leaves its lock file and socket behind.
                if let number = X11Display(server.display)?.number {
                    try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
                    try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
                }
                let gone = await Self.waitForExit(owner.pid, timeout: .seconds(3))
                #expect(gone, "sharevia-clip \(owner.pid) outlived its X server")
            }
        }

        // MARK: Errors

        @Test func noServerOnTheDisplayFailsToConnectQuickly() async throws {
            let display = FreeDisplay.name()
            let clock = ContinuousClock()
            let started = clock.now
            let ownError = await #expect(throws: X11SelectionError.self) {
                try await client(display).own([
                    X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: [1])
                ])
            }
            let readError = await #expect(throws: X11SelectionError.self) {
                try await client(display).read(.clipboard, as: "image/png", maxBytes: 10)
            }
            let elapsed = clock.now - started

            #expect(ownError?.kind == .connectFailed)
            #expect(ownError?.message.contains("X display \(display)") == true, "\(ownError?.message ?? "")")
            #expect(readError?.kind == .connectFailed)
            #expect(readError?.message.contains("X display \(display)") == true, "\(readError?.message ?? "")")
            // Immediate in practice; the bound leaves room for a loaded machine, not for a wait.
            #expect(elapsed < .seconds(10), "took \(elapsed)")
            if let pid = ownError?.ownerPID {
                #expect(await Self.waitForExit(pid, timeout: .seconds(2)), "the failed owner \(pid) is still there")
            }
        }

        @Test func frozenServerTimesOutOwnAndReadAndLeavesNoOwnerBehind() async throws {
            _ = try RequiredTools.paths()
            try await XvfbServer.with { server in
                server.process.signal(SIGSTOP)
                let timeout = Duration.milliseconds(300)
                let clock = ContinuousClock()

                var started = clock.now
                let ownError = await #expect(throws: X11SelectionError.self) {
                    try await client(server.display, timeout: timeout).own([
                        X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: [1])
                    ])
                }
                let ownElapsed = clock.now - started
                started = clock.now
                let readError = await #expect(throws: X11SelectionError.self) {
                    try await client(server.display, timeout: timeout).read(.clipboard, as: "image/png", maxBytes: 10)
                }
                let readElapsed = clock.now - started

                #expect(ownError?.kind == .timedOut, "\(String(describing: ownError))")
                #expect(ownError?.message.contains(server.display) == true)
                // Bounded by the timeout, with room for a loaded machine's scheduling. The client
                // keeps its deadline in whole milliseconds, so it may end up to 1 ms early.
                let earliest = timeout - .milliseconds(1)
                #expect(ownElapsed >= earliest && ownElapsed < timeout + .milliseconds(500), "own took \(ownElapsed)")
                #expect(readError?.kind == .timedOut, "\(String(describing: readError))")
                #expect(
                    readElapsed >= earliest && readElapsed < timeout + .milliseconds(500),
                    "read took \(readElapsed)"
                )
                let pid = try #require(ownError?.ownerPID, "the owner's pid should be reported on a timeout")
                #expect(
                    await Self.waitForExit(pid, timeout: .seconds(2)),
                    "owner \(pid) left behind on a frozen server"
                )
            }
        }

        @Test func cancellingTheTaskEndsOwnAndReadPromptly() async throws {
            _ = try RequiredTools.paths()
            try await XvfbServer.with { server in
                server.process.signal(SIGSTOP)
                let slow = client(server.display, timeout: .seconds(30))
                let clock = ContinuousClock()

                let owning = Task { () -> X11SelectionError? in
                    do throws(X11SelectionError) {
                        try await slow.own([X11SelectionItem(selection: .clipboard, targets: ["a/b"], bytes: [1])])
                        return nil
                    } catch {
                        return error
                    }
                }
                let reading = Task { () -> X11SelectionError? in
                    do throws(X11SelectionError) {
                        _ = try await slow.read(.clipboard, as: "a/b", maxBytes: 10)
                        return nil
                    } catch {
                        return error
                    }
                }
                // Let both reach the frozen server before cancelling.
                try await Task.sleep(for: .milliseconds(150))
                let cancelled = clock.now
                owning.cancel()
                reading.cancel()
                let ownError = await owning.value
                let readError = await reading.value
                let elapsed = clock.now - cancelled

                #expect(ownError?.kind == .cancelled, "\(String(describing: ownError))")
                #expect(readError?.kind == .cancelled, "\(String(describing: readError))")
                // The C side looks at the flag every 20 ms; the timeout is 30 s. The bound leaves
                // room for the whole suite running in parallel on two cores.
                #expect(elapsed < .seconds(10), "took \(elapsed) after cancellation")
                let pid = try #require(ownError?.ownerPID)
                #expect(
                    await Self.waitForExit(pid, timeout: .seconds(2)),
                    "owner \(pid) left behind after cancellation"
                )
            }
        }

        @Test func readingASelectionNobodyOwnsGivesNoOwner() async throws {
            _ = try RequiredTools.paths()
            try await XvfbServer.with { server in
                for selection in ClipboardSelection.allCases {
                    let error = await #expect(throws: X11SelectionError.self) {
                        try await client(server.display).read(selection, as: "UTF8_STRING", maxBytes: 10)
                    }
                    #expect(error?.kind == .noOwner, "\(String(describing: error))")
                    #expect(error?.message == "nobody owns \(selection.atomName) on X display \(server.display)")
                }
            }
        }

        @Test func readingATargetTheOwnerDoesNotOfferIsRefused() async throws {
            let display = try TestDisplay.require()
            try await client(display).own([
                X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: [1, 2])
            ])

            let error = await #expect(throws: X11SelectionError.self) {
                try await client(display).read(.clipboard, as: "text/html", maxBytes: 10)
            }
            #expect(error?.kind == .refused, "\(String(describing: error))")
            #expect(error?.message == "the owner of CLIPBOARD on X display \(display) refused text/html")
        }

        @Test(arguments: [1000, 3_000_000])
        func moreThanMaxBytesIsTooLarge(size: Int) async throws {
            let display = try TestDisplay.require()
            let bytes = Self.randomBytes(count: size, seed: UInt64(size))
            try await client(display).own([
                X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: bytes)
            ])

            let error = await #expect(throws: X11SelectionError.self) {
                try await client(display).read(.clipboard, as: "image/png", maxBytes: size - 1)
            }
            #expect(error?.kind == .tooLarge, "\(String(describing: error))")
            #expect(error?.message.contains("X display \(display)") == true)
            #expect(try await client(display).read(.clipboard, as: "image/png", maxBytes: size) == bytes)
        }

        @Test func invalidItemsAreRefusedBeforeAnythingStarts() async throws {
            let display = try TestDisplay.require()
            let twice = [
                X11SelectionItem(selection: .clipboard, targets: ["a/b"], bytes: [1]),
                X11SelectionItem(selection: .clipboard, targets: ["c/d"], bytes: [2]),
            ]
            let noTargets = [X11SelectionItem(selection: .primary, targets: [], bytes: [1])]
            for items in [twice, noTargets, []] {
                let error = await #expect(throws: X11SelectionError.self) { try await client(display).own(items) }
                #expect(error?.kind == .system)
                #expect(error?.ownerPID == nil)
            }
        }

        @Test func aLibraryThatCantBeLoadedIsNamedWithItsPackage() {
            #expect(X11SelectionClient.libraryProblem() == nil)
            let problem = X11SelectionClient.libraryProblem(loading: "libxcb-sharevia-missing.so.9")
            #expect(
                problem?.hasPrefix("libxcb-sharevia-missing.so.9 can't be loaded (apt-get install libxcb1): ") == true
            )
            // A library that loads but is not libxcb.
            let wrong = X11SelectionClient.libraryProblem(loading: "libz.so.1")
            #expect(wrong?.contains("libz.so.1 has no xcb_connect") == true, "\(wrong ?? "nil")")
            // The probes did not disturb the loaded library.
            #expect(X11SelectionClient.libraryProblem() == nil)
        }

        // MARK: Helpers

        static func xsel(_ arguments: [String], display: String) async throws -> [UInt8] {
            let output = try await ProcessRunner().run(
                try RequiredTools.path("xsel"),
                arguments: arguments,
                environment: ["DISPLAY": display, "HOME": NSTemporaryDirectory()]
            )
            try #require(output.succeeded, "xsel \(arguments) failed: \(output.errorText)")
            return output.standardOutput
        }

        static func randomBytes(count: Int, seed: UInt64) -> [UInt8] {
            var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    state ^= state << 13
                    state ^= state >> 7
                    state ^= state << 17
                    buffer[index] = UInt8(truncatingIfNeeded: state >> 24)
                }
                initialized = count
            }
        }

        /// The process's state letter from /proc, nil when it is gone.
        static func state(_ pid: Int32) -> Character? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            return stat[stat.index(after: close)...].first { $0 != " " }
        }

        /// Running (not gone, not a zombie waiting for a reaper).
        static func isAlive(_ pid: Int32) -> Bool {
            guard let state = state(pid) else { return false }
            return state != "Z" && state != "X"
        }

        static func processName(_ pid: Int32) -> String? {
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        static func waitForExit(_ pid: Int32, timeout: Duration) async -> Bool {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while isAlive(pid) {
                if clock.now >= deadline { return false }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return true
        }

        /// Waits until the process is gone from /proc, zombie included.
        static func waitUntilReaped(_ pid: Int32, timeout: Duration) async -> Bool {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while state(pid) != nil {
                if clock.now >= deadline { return false }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return true
        }

        static func waitUntil(_ what: String, timeout: Duration = .seconds(3), _ check: () async -> Bool) async throws {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while !(await check()) {
                guard clock.now < deadline else { throw XClip.Failure(description: "timed out waiting until \(what)") }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }
}
