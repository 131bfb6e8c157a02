import Foundation
import ImagePipeline
import TestSupport
import Testing

/// The writer replaces nothing unless asked, and leaves no temporary files.
struct AtomicFileWriterTests {
    @Test func writesANewFileAndLeavesNoTemporaryFile() throws {
        let folder = TemporaryFolder("image-tests")
        defer { folder.remove() }
        try AtomicFileWriter().write([1, 2, 3], to: folder.file("out.png"))
        #expect(try readFile(folder.file("out.png")) == [1, 2, 3])
        #expect(folder.names() == ["out.png"])
    }

    @Test func refusesToOverwriteUnlessAsked() throws {
        let folder = TemporaryFolder("image-tests")
        defer { folder.remove() }
        let path = folder.file("out.png")
        try AtomicFileWriter().write([1], to: path)
        let error = #expect(throws: ImageError.self) { try AtomicFileWriter().write([2], to: path) }
        #expect(error?.code == .outputExists)
        #expect(error?.message == "'\(path)' already exists and overwriting was not allowed.")
        #expect(try readFile(path) == [1])
        try AtomicFileWriter(overwrite: true).write([3, 4], to: path)
        #expect(try readFile(path) == [3, 4])
        #expect(folder.names() == ["out.png"])
    }

    @Test func refusesAMissingFolder() throws {
        let error = #expect(throws: ImageError.self) {
            try AtomicFileWriter().write([1], to: "/nonexistent-sharevia-folder/out.png")
        }
        #expect(error?.code == .writeFailed)
        #expect(error?.message.contains("/nonexistent-sharevia-folder") == true)
    }
}
