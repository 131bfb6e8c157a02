import Foundation
import LocalFiles
import ShareCore
import TestSupport
import Testing

@testable import Destinations

#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, defect 3: the file export ignored `--timeout` and left its temporary file. A copy
/// from a pipe that never ends must stop at the router's timeout and remove what it wrote.
@Suite struct FileExportTimeoutTests {
    let folder = TemporaryFolder("export-timeout")
    var out: String { "\(folder.path)/out" }

    func router(timeout: Duration) throws -> ShareRouter {
        let export = FileExportDestination(
            configuration: .init(directory: out),
            environment: ShareEnvironment(["HOME": folder.path])
        )
        return ShareRouter(
            registry: try DestinationRegistry([export]),
            retryPolicy: RetryPolicy(maxAttempts: 1, deliveryTimeout: timeout)
        )
    }

    /// The names in the output folder, temporary ones included.
    func namesInOut() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
    }

    @Test func aCopyFromAPipeThatNeverEndsStopsAtTheTimeoutAndLeavesNothing() async throws {
        let fifo = folder.file("endless.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        // This test holds the writing end open and never closes it: the pipe never ends.
        let writer = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        try #require(writer >= 0)
        defer { close(writer) }
        let head: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 4096)
        #expect(head.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == head.count)

        let attachment = ShareAttachment(
            source: .file(path: fifo),
            mimeType: "image/png",
            fileName: "endless.png",
            reader: FileAttachmentReader(path: fifo)
        )
        let started = ContinuousClock.now
        let report = try await router(timeout: .milliseconds(500)).share(
            ShareContent(attachments: [attachment]),
            via: FallbackChain([.file])
        )
        // Generous: the router's timer runs on the global pool, which a loaded test run can starve.
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(report.attempts.map(\.result) == [.timedOut], "\(report)")

        // The copy sees the cancellation at its next check (every 100 ms while the pipe is quiet).
        var left = namesInOut()
        for _ in 0..<50 where !left.isEmpty {
            try await Task.sleep(for: .milliseconds(20))
            left = namesInOut()
        }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test func aCopyThatEndsInTimeIsDeliveredWhole() async throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 9, count: 3 << 20)
        _ = try folder.write(bytes, named: "card.png")
        // A limit far above the copy's time: under the whole test run's load a 3 MB copy once took
        // more than 20 s, and this test is about the copy being whole, not its speed.
        let report = try await router(timeout: .seconds(120)).share(
            ShareContent(attachments: [try ShareAttachment.file(folder.file("card.png"))]),
            via: FallbackChain([.file])
        )
        #expect(report.attempts.map(\.result) == [.delivered], "\(report)")
        #expect(FileManager.default.contents(atPath: "\(out)/card.png") == bytes)
    }
}

/// Issue 23, defect 3: the file export copied whatever it was given (3.9 GB of /dev/zero).
@Suite struct FileExportLimitTests {
    let folder = TemporaryFolder("export-limit")

    @Test func anAttachmentOverTheLimitIsRefusedAndNothingIsLeft() async throws {
        let path = try folder.write(Data(repeating: 5, count: (1 << 20) + 1), named: "big.bin")
        let export = FileExportDestination(
            configuration: .init(directory: folder.file("out"), maximumAttachmentBytes: 1 << 20),
            environment: ShareEnvironment(["HOME": folder.path])
        )
        let attachment = ShareAttachment(
            source: .file(path: path),
            mimeType: "application/octet-stream",
            fileName: "big.bin",
            reader: FileAttachmentReader(path: path)
        )
        let prepared = try export.prepare(ShareRequest(content: ShareContent(text: "hi", attachments: [attachment])))
        let error = await #expect(throws: ShareError.self) { try await export.deliver(prepared) }
        #expect(error?.code == .contentRejected)
        #expect(
            error?.message.contains("'\(path)' holds more than 1 MiB (the file export's limit for one attachment)")
                == true,
            "\(error!)"
        )
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.file("out"))) ?? []).isEmpty)
    }
}
