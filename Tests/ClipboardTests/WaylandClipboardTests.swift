import Destinations
import Foundation
import ProcessRunning
import ShareCore
import Synchronization
import TestSupport
import Testing

@testable import Clipboard

#if canImport(Glibc)
import Glibc
#endif

/// The wl-copy backend against real compositors: sway headless (with a primary selection) and
/// weston nested in Xvfb (without one). Each test starts its own compositor, because several
/// freeze or kill it.
@Suite struct WaylandClipboardTests {
    static let tools = ["wl-copy": "wl-clipboard", "wl-paste": "wl-clipboard", "sway": "sway", "weston": "weston"]
    let clock = ContinuousClock()

    static func environment(_ socket: String, tmp: String, display: String? = nil) -> ShareEnvironment {
        var environment = ShareEnvironment()
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["WAYLAND_DISPLAY"] = socket
        environment["TMPDIR"] = tmp
        environment["DISPLAY"] = display
        return environment
    }

    /// What `wl-paste` prints for `selection` as `type` on `socket`, or nil when it fails.
    static func paste(_ socket: String, primary: Bool = false, type: String? = nil) async throws -> [UInt8]? {
        let paste = try RequiredTools.path("wl-paste", package: "wl-clipboard")
        let output = try await ProcessRunner().run(
            paste,
            arguments: (primary ? ["--primary"] : []) + ["--no-newline"] + (type.map { ["--type", $0] } ?? []),
            environment: ["WAYLAND_DISPLAY": socket, "PATH": "/usr/bin:/bin"],
            timeout: .seconds(10)
        )
        return output.succeeded ? output.standardOutput : nil
    }

    /// Puts `text` on CLIPBOARD with wl-copy, as a person copying something would.
    static func userCopies(_ text: String, on socket: String) async throws {
        let copy = try RequiredTools.path("wl-copy", package: "wl-clipboard")
        let output = try await ProcessRunner().run(
            copy,
            arguments: [],
            environment: ["WAYLAND_DISPLAY": socket, "PATH": "/usr/bin:/bin"],
            input: Array(text.utf8),
            timeout: .seconds(10)
        )
        #expect(output.succeeded, "\(output.errorText)")
    }

    func clipboard(
        _ socket: String,
        folder: TemporaryFolder,
        timeout: Duration = .seconds(5),
        runner: any CommandRunning = ProcessRunner(),
        selection: ClipboardSelection = .clipboard
    ) -> ClipboardDestination {
        ClipboardDestination(
            configuration: .init(selection: selection, timeout: timeout),
            environment: Self.environment(socket, tmp: folder.path),
            runner: runner
        )
    }

    func deliver(_ destination: ClipboardDestination, _ content: ShareContent) async throws -> DeliveryReceipt {
        try await destination.deliver(try destination.prepare(ShareRequest(content: content)))
    }

    @Test func swayCarriesImageTextBothAndPrimaryByteForByte() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-bytes")
        defer { folder.remove() }
        try await WaylandCompositor.with(.sway) { sway in
            let card = [UInt8](Fixtures.png)
            let text = Array(Fixtures.tricky.utf8)
            let destination = clipboard(sway.socket, folder: folder)
            #expect(await destination.availability().isAvailable)

            _ = try await deliver(destination, ShareContent(attachments: [Fixtures.image()]))
            #expect(try await Self.paste(sway.socket, type: "image/png") == card)

            _ = try await deliver(destination, ShareContent(text: Fixtures.tricky))
            #expect(try await Self.paste(sway.socket, type: "text/plain;charset=utf-8") == text)

            let both = try await deliver(
                destination,
                ShareContent(text: Fixtures.tricky, attachments: [Fixtures.image()])
            )
            #expect(both.locations == ["CLIPBOARD (image/png)", "PRIMARY (text/plain;charset=utf-8)"])
            #expect(try await Self.paste(sway.socket, type: "image/png") == card)
            #expect(try await Self.paste(sway.socket, primary: true, type: "text/plain;charset=utf-8") == text)

            let primary = clipboard(sway.socket, folder: folder, selection: .primary)
            _ = try await deliver(primary, ShareContent(text: "to primary"))
            #expect(try await Self.paste(sway.socket, primary: true) == Array("to primary".utf8))
            #expect(ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty)
        }
    }

    @Test func twentySharesInARowLeaveOneOwnerPerSelection() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-pileup")
        defer { folder.remove() }
        try await WaylandCompositor.with(.sway) { sway in
            let destination = clipboard(sway.socket, folder: folder)
            for number in 1...20 {
                _ = try await deliver(
                    destination,
                    ShareContent(text: "share \(number)", attachments: [Fixtures.image()])
                )
            }
            #expect(try await Self.paste(sway.socket, primary: true) == Array("share 20".utf8))
            // Each new owner replaces the last, whose wl-copy exits once the compositor tells it.
            var owners = ClipboardProcesses.running("wl-copy", with: "WAYLAND_DISPLAY", sway.socket)
            let deadline = clock.now + .seconds(5)
            while owners.count > 2, clock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
                owners = ClipboardProcesses.running("wl-copy", with: "WAYLAND_DISPLAY", sway.socket)
            }
            #expect(owners.count <= 2, "\(owners.count) wl-copy processes serve \(sway.socket) after 20 shares")
        }
    }

    @Test func westonWithoutPrimarySelectionGetsTheImageOnClipboardAtOnce() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-weston")
        defer { folder.remove() }
        try await WaylandCompositor.with(.weston) { weston in
            let card = [UInt8](Fixtures.png)
            let runner = RecordingRunner()
            let destination = clipboard(weston.socket, folder: folder, runner: runner)

            let both = try await deliver(destination, ShareContent(text: "caption", attachments: [Fixtures.image()]))
            #expect(both.locations == ["CLIPBOARD (image/png)"])
            #expect(both.summary.contains("left the text out: the compositor on"), "\(both.summary)")
            #expect(both.summary.contains("offers no primary selection"), "\(both.summary)")
            #expect(try await Self.paste(weston.socket, type: "image/png") == card)
            // One look at PRIMARY, one copy, one read-back: no failed copy to PRIMARY, no retry.
            #expect(runner.count == 3, "\(runner.count) commands")

            let primary = clipboard(weston.socket, folder: folder, selection: .primary)
            let text = try await deliver(primary, ShareContent(text: "only text"))
            #expect(text.locations == ["CLIPBOARD (text/plain;charset=utf-8)"])
            #expect(text.summary.contains("copied to CLIPBOARD: the compositor on"), "\(text.summary)")
            #expect(try await Self.paste(weston.socket) == Array("only text".utf8))
            // wl-copy told to use PRIMARY anyway says so, and that is permanent, not transient.
            let copy = try RequiredTools.path("wl-copy", package: "wl-clipboard")
            let refused = try await ProcessRunner().run(
                copy,
                arguments: ["--primary"],
                environment: ["WAYLAND_DISPLAY": weston.socket],
                input: Array("x".utf8),
                timeout: .seconds(10)
            )
            #expect(refused.exitStatus != 0)
            #expect(ToolClipboardTransport.isPermanent(refused.errorText), "\(refused.errorText)")
        }
    }

    /// A compositor without a seat can never take a copy: one try, `permanent`, wl-copy's words
    /// quoted, then the file.
    @Test func compositorWithoutASeatFailsOnceAsPermanent() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-seatless")
        defer { folder.remove() }
        try await WaylandCompositor.with(.westonWithoutSeat) { weston in
            for content in [ShareContent(text: "text"), ShareContent(text: "caption", attachments: [Fixtures.image()])]
            {
                let report = try await share(content, socket: weston.socket, folder: folder, timeout: .seconds(5))
                let attempts = report.attempts.filter { $0.destination == "clipboard" }
                #expect(attempts.map(\.result) == [.permanentFailure], "\(report)")
                #expect(attempts.first?.reason.contains("Missing a seat") == true, "\(report)")
                #expect(report.deliveredBy == "file", "\(report)")
            }
        }
    }

    /// A compositor frozen before the copy, at a 1 s limit, ten times: every try times out, the
    /// router moves on to the file, and once the compositor resumes, what the user had copied is
    /// still there and no wl-copy of the share is left.
    @Test func frozenCompositorNeverTakesTheClipboardLater() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-frozen")
        defer { folder.remove() }
        try await WaylandCompositor.with(.sway) { sway in
            for run in 1...10 {
                try await Self.userCopies("the user's own \(run)", on: sway.socket)
                let userOwners = ClipboardProcesses.running("wl-copy", with: "WAYLAND_DISPLAY", sway.socket)
                sway.process.signal(SIGSTOP)
                let report = try await share(
                    ShareContent(text: "the card's text", attachments: [Fixtures.image()]),
                    socket: sway.socket,
                    folder: folder,
                    timeout: .seconds(1)
                )
                sway.process.signal(SIGCONT)
                #expect(report.deliveredBy == "file", "run \(run): \(report)")
                let left = await ClipboardProcesses.lingering(
                    "wl-copy",
                    with: "WAYLAND_DISPLAY",
                    sway.socket,
                    excluding: userOwners
                )
                #expect(left.isEmpty, "run \(run): wl-copy \(left) of the share outlived it")
                try await Task.sleep(for: .milliseconds(300))
                let pasted = try await Self.paste(sway.socket)
                #expect(
                    pasted == Array("the user's own \(run)".utf8),
                    "run \(run): the clipboard holds \(pasted.map { String(decoding: $0, as: UTF8.self) } ?? "nothing")"
                )
                #expect(ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty, "run \(run)")
            }
        }
    }

    /// The router gives up (at 6 s) long before the clipboard's own limit (20 s) and does not
    /// wait: five times, the destination's cancellation handler kills the frozen wl-copy at once,
    /// although the runner never hears of the cancellation, and removes the temporary folder.
    @Test func anAbandonedAttemptIsUndoneAtOnce() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-abandoned")
        defer { folder.remove() }
        try await WaylandCompositor.with(.sway) { sway in
            for run in 1...5 {
                sway.process.signal(SIGSTOP)
                let environment = Self.environment(sway.socket, tmp: folder.path)
                let clipboard = ClipboardDestination(
                    configuration: .init(timeout: .seconds(20)),
                    environment: environment,
                    runner: UncancellableRunner()
                )
                // The file export's folder in memory: its fsyncs must fit in the 2 s limit while
                // the whole test run keeps the disk busy.
                let out = TemporaryFolder("wl-abandoned-out", inMemory: true)
                let files = FileExportDestination(
                    configuration: .init(directory: out.path),
                    environment: environment
                )
                let router = ShareRouter(
                    registry: try DestinationRegistry([clipboard, files]),
                    // 6 s, well under the clipboard's own 20 s: the file export after it must fit in
                    // the same limit while the whole test run starts (2 s once was not enough).
                    retryPolicy: RetryPolicy(maxAttempts: 1, deliveryTimeout: .seconds(6))
                )
                let report = try await router.share(
                    ShareContent(text: "card \(run)"),
                    via: FallbackChain(["clipboard", "file"])
                )
                #expect(report.deliveredBy == "file", "run \(run): \(report)")
                var left = ClipboardProcesses.running("wl-copy", with: "WAYLAND_DISPLAY", sway.socket)
                // The router does not wait for the handler, so give it a moment to finish.
                let deadline = clock.now + .seconds(2)
                while !left.isEmpty || !ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty,
                    clock.now < deadline
                {
                    try await Task.sleep(for: .milliseconds(10))
                    left = ClipboardProcesses.running("wl-copy", with: "WAYLAND_DISPLAY", sway.socket)
                }
                sway.process.signal(SIGCONT)
                #expect(left.isEmpty, "run \(run): wl-copy \(left) still runs 2 s after the router gave up")
                #expect(ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty, "run \(run)")
            }
        }
    }

    /// The router gives up while wl-copy is still being started: the program runs only after the
    /// destination's cancellation handler looked for what to kill. Three times, the runner kills
    /// it as soon as it runs (the attempt's gate was closed), so no copy waits for the frozen
    /// compositor to take the clipboard later.
    @Test func aProgramStartedAfterTheRouterGaveUpIsKilledAtOnce() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-late")
        defer { folder.remove() }
        try await WaylandCompositor.with(.sway) { sway in
            for run in 1...3 {
                sway.process.signal(SIGSTOP)
                let environment = Self.environment(sway.socket, tmp: folder.path)
                let clipboard = ClipboardDestination(
                    configuration: .init(timeout: .seconds(20)),
                    environment: environment,
                    runner: LateRunner()
                )
                let out = TemporaryFolder("wl-late-out", inMemory: true)
                let files = FileExportDestination(configuration: .init(directory: out.path), environment: environment)
                let router = ShareRouter(
                    registry: try DestinationRegistry([clipboard, files]),
                    // 6 s, as above: the file export after it must fit in the same limit.
                    retryPolicy: RetryPolicy(maxAttempts: 1, deliveryTimeout: .seconds(6))
                )
                let report = try await router.share(
                    ShareContent(text: "late card \(run)"),
                    via: FallbackChain(["clipboard", "file"])
                )
                #expect(report.deliveredBy == "file", "run \(run): \(report)")
                // The late spawn comes 100 ms after the router gave up; then it must go at once.
                try await Task.sleep(for: .milliseconds(300))
                let left = await ClipboardProcesses.lingering("wl-copy", with: "WAYLAND_DISPLAY", sway.socket)
                sway.process.signal(SIGCONT)
                #expect(left.isEmpty, "run \(run): wl-copy \(left), started after the router gave up, still runs")
                out.remove()
            }
        }
    }

    /// The compositor freezes right after the copy, so the read-back times out: ten times, the
    /// error says the copy was withdrawn, and once resumed the compositor no longer serves it.
    @Test func freezeDuringTheReadBackWithdrawsTheCopy() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-readback")
        defer { folder.remove() }
        try await WaylandCompositor.with(.sway) { sway in
            let freezer = HookedRunner(after: { invocation, _ in
                if invocation.executable.hasSuffix("wl-copy") { sway.process.signal(SIGSTOP) }
            })
            // 2 s: wl-copy must connect and fork within it on a busy machine; the read-back then
            // meets the frozen compositor.
            let destination = clipboard(sway.socket, folder: folder, timeout: .seconds(2), runner: freezer)
            for run in 1...10 {
                let content = ShareContent(text: "card \(run)")
                let failure = await #expect(throws: ShareError.self) { try await deliver(destination, content) }
                sway.process.signal(SIGCONT)
                #expect(failure?.code == .transient, "run \(run)")
                #expect(
                    failure?.message.contains("withdrew the copy, so CLIPBOARD no longer holds the share") == true,
                    "run \(run): \(failure?.message ?? "")"
                )
                let left = await ClipboardProcesses.lingering("wl-copy", with: "WAYLAND_DISPLAY", sway.socket)
                #expect(left.isEmpty, "run \(run): wl-copy \(left) outlived the failed attempt")
                let pasted = try await Self.paste(sway.socket)
                #expect(pasted != Array("card \(run)".utf8), "run \(run): the failed copy is still served")
            }
            #expect(ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty)
        }
    }

    @Test func killedCompositorMissingSocketAndStaleWaylandDisplay() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-gone")
        defer { folder.remove() }
        // A socket nobody listens on, or no socket at all: unavailable, saying which.
        try await WaylandCompositor.with(.sway) { sway in
            sway.process.signal(SIGKILL)
            _ = await sway.process.waitForExit(timeout: .seconds(5))
            let killed = await clipboard(sway.socket, folder: folder).availability()
            #expect(killed.reason == "no Wayland compositor answers on \(sway.socket)", "\(killed)")
        }
        let missing = await clipboard(folder.path + "/wayland-gone", folder: folder).availability()
        #expect(missing.reason == "no Wayland compositor answers on \(folder.path)/wayland-gone", "\(missing)")

        // A stale WAYLAND_DISPLAY beside a working DISPLAY: the X11 client delivers.
        try await XvfbServer.with { x in
            var environment = Self.environment("wayland-gone", tmp: folder.path, display: x.display)
            environment["XDG_RUNTIME_DIR"] = folder.path
            let destination = ClipboardDestination(environment: environment)
            #expect(await destination.availability().isAvailable)
            let receipt = try await deliver(destination, ShareContent(text: "via X"))
            #expect(receipt.summary.contains("on \(x.display)"), "\(receipt.summary)")
        }
    }

    @Test func compositorKilledBetweenCopyAndReadBackFailsFastAndMovesOn() async throws {
        _ = try RequiredTools.paths(Self.tools)
        let folder = TemporaryFolder("wl-killed")
        defer { folder.remove() }
        try await WaylandCompositor.with(.sway) { sway in
            let killer = HookedRunner(after: { invocation, _ in
                if invocation.executable.hasSuffix("wl-copy"), sway.process.isRunning {
                    sway.process.signal(SIGKILL)
                    _ = await sway.process.waitForExit(timeout: .seconds(5))
                }
            })
            let started = clock.now
            let report = try await share(
                ShareContent(text: "hello"),
                socket: sway.socket,
                folder: folder,
                timeout: .seconds(2),
                runner: killer
            )
            #expect(clock.now - started < .seconds(15))
            #expect(report.deliveredBy == "file", "\(report)")
            #expect(ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty)
        }
    }

    func share(
        _ content: ShareContent,
        socket: String,
        folder: TemporaryFolder,
        timeout: Duration,
        runner: any CommandRunning = ProcessRunner()
    ) async throws -> ShareReport {
        let environment = Self.environment(socket, tmp: folder.path)
        let clipboard = ClipboardDestination(
            configuration: .init(timeout: timeout),
            environment: environment,
            runner: runner
        )
        let files = FileExportDestination(
            configuration: .init(directory: folder.path + "/out"),
            environment: environment
        )
        let router = ShareRouter(
            registry: try DestinationRegistry([clipboard, files]),
            // The file export after the clipboard gets at least 2 s on a busy machine.
            retryPolicy: RetryPolicy(
                maxAttempts: 2,
                initialBackoff: .milliseconds(20),
                deliveryTimeout: max(timeout, .seconds(2))
            )
        )
        return try await router.share(content, via: FallbackChain(["clipboard", "file"]))
    }
}

/// Counts the commands it runs with the real runner.
final class RecordingRunner: CommandRunning {
    private let calls = Mutex(0)
    var count: Int { calls.withLock { $0 } }

    func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        calls.withLock { $0 += 1 }
        return try await ProcessRunner().run(invocation)
    }
}
