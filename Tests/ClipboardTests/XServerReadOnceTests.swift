import Clipboard
import Foundation
import ShareCore
import Synchronization
import TestSupport
import Testing

extension XServerTests {
    /// Issue 24: each attachment is read once per share. An image a destination before the
    /// clipboard read (Instagram, checking its rules) is copied from memory: its path does not
    /// exist here, so a clipboard tool given the path would fail the copy.
    @Suite struct ReadOnce {
        @Test(arguments: Backends.images)
        func anImageReadBeforeIsCopiedFromMemory(backend: String) async throws {
            let display = try TestDisplay.require()
            let tmp = TemporaryFolder("tmp")
            defer { tmp.remove() }
            let png = Data(PNGBytes.randomRGBFile(width: 90, height: 160, seed: 5))
            let reader = ReadCounter(png)
            let attachment = ShareAttachment(
                source: .file(path: "/nonexistent/sharevia-read-once/card.png"),
                mimeType: "image/png",
                fileName: "card.png",
                reader: reader
            )
            _ = try attachment.data()  // read by a destination earlier in the chain
            let destination = ClipboardDestination(
                environment: Environments.x11(display: display, tmp: tmp.path, backend: backend)
            )
            _ = try await destination.deliver(
                destination.prepare(ShareRequest(content: ShareContent(attachments: [attachment])))
            )
            #expect(try await XClip.read(.clipboard, type: "image/png", display: display) == Array(png))
            #expect(reader.reads == 1, "the image was read \(reader.reads) times")
        }
    }
}

/// An attachment reader that serves bytes from memory and counts the reads.
private final class ReadCounter: AttachmentReader {
    private let bytes: Data
    private let count = Mutex(0)

    init(_ bytes: Data) { self.bytes = bytes }

    var reads: Int { count.withLock { $0 } }

    var byteCount: Int? { bytes.count }

    func read(
        limit: Int,
        rule: String,
        isCancelled: () -> Bool,
        _ body: (UnsafeRawBufferPointer) throws(ShareError) -> Void
    ) throws(ShareError) {
        count.withLock { $0 += 1 }
        guard bytes.count <= limit else { throw ShareError(.contentRejected, message: "over \(limit) bytes (\(rule))") }
        let result: Result<Void, ShareError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(ShareError) in try body(buffer) }
        }
        try result.get()
    }
}
