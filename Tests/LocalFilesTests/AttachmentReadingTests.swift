import Foundation
import LocalFiles
import ShareCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, defects 2 and 3: attachments are opened without blocking, read once, and capped
/// while reading, with errors that name the file, the limit and what to do.
@Suite struct AttachmentReadingTests {
    let folder = TemporaryFolder("attachment-reading")

    @Test func aLimitIsCheckedWhileReadingAndNamesTheFileAndTheRule() throws {
        let path = try folder.write([UInt8](repeating: 1, count: 4097), named: "big.bin")
        let attachment = try ShareAttachment.file(path)
        let error = #expect(throws: ShareError.self) {
            try attachment.data(limit: 4096, rule: "the test's limit")
        }
        #expect(error?.code == .contentRejected)
        #expect(error?.message.contains("'\(path)' holds more than 4 KiB (the test's limit)") == true, "\(error!)")
        #expect(try attachment.data(limit: 4097, rule: "the test's limit").count == 4097)
    }

    @Test func chunksStopBeforeTheByteOverTheLimitReachesTheReader() throws {
        let path = try folder.write([UInt8](repeating: 2, count: 10_000), named: "chunks.bin")
        let attachment = try ShareAttachment.file(path)
        var seen = 0
        let error = #expect(throws: ShareError.self) {
            try attachment.forEachChunk(limit: 9_999, rule: "the test's limit") { seen += $0.count }
        }
        #expect(error?.code == .contentRejected)
        #expect(seen <= 9_999)
        seen = 0
        try attachment.forEachChunk(limit: 10_000, rule: "the test's limit") { seen += $0.count }
        #expect(seen == 10_000)
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom", "/dev/null"])
    func aDeviceIsRefusedWithWhatToDo(path: String) {
        let error = #expect(throws: ShareError.self) { try ShareAttachment.file(path) }
        #expect(error?.code == .badInput)
        #expect(error?.message.contains("'\(path)' is a character device, not a regular file") == true)
        #expect(error?.message.contains("save what you want to share to a file") == true)
    }

    @Test func aFIFOWithoutAWriterIsRefusedAtOnce() throws {
        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = ContinuousClock.now
        let error = #expect(throws: ShareError.self) { try ShareAttachment.file(fifo, pipeWait: .seconds(5)) }
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(error?.message.contains("is a pipe that sent nothing") == true, "\(error!)")
    }

    @Test func aPipeIsReadOnceIntoMemoryAndTyped() throws {
        let fifo = folder.file("card-pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // More than a pipe's 64 KiB buffer: the writer can't finish (and close, which would drop
        // what the pipe held if no reader had it open yet) before the reader opens the pipe.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 3, count: 200_000)
        // A writer that writes everything, then closes: what a shell's <(cat card.png) does.
        let writer = open(fifo, O_RDWR | O_CLOEXEC)
        try #require(writer >= 0)
        let thread = Thread {
            png.withUnsafeBytes {
                var offset = 0
                while offset < $0.count {
                    let count = write(writer, $0.baseAddress! + offset, $0.count - offset)
                    if count <= 0 { break }
                    offset += count
                }
            }
            close(writer)
        }
        thread.start()
        let attachment = try ShareAttachment.file(fifo, pipeWait: .seconds(10))
        #expect(attachment.mimeType == "image/png")
        #expect(attachment.fileName == "card-pipe.png")
        guard case .bytes(let data) = attachment.source else {
            Issue.record("a pipe must be held in memory, not reopened: \(attachment.source)")
            return
        }
        #expect([UInt8](data) == png)
    }

    @Test func aPipeThatNeverEndsIsGivenUpAtItsWait() throws {
        let fifo = folder.file("quiet")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        try #require(writer >= 0)
        defer { close(writer) }
        let started = ContinuousClock.now
        let error = #expect(throws: ShareError.self) {
            try ShareAttachment.file(fifo, pipeWait: .milliseconds(300))
        }
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(error?.message.contains("is a pipe that sent no end of file within 300 ms") == true, "\(error!)")
    }
}
