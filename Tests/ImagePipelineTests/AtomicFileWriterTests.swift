import Foundation
import ImagePipeline
import TestSupport
import Testing

/// The writer replaces nothing unless asked, and leaves no temporary files.
struct AtomicFileWriterTests {
    @Test func writesANewFileAndLeavesNoTemporaryFile() throws {
        let temporary = TemporaryFolder("image-tests")
        defer { temporary.remove() }
        let folder = temporary.path
        try AtomicFileWriter().write([1, 2, 3], to: folder + "/out.png")
        #expect(try readFile(folder + "/out.png") == [1, 2, 3])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.png"])
    }

    @Test func refusesToOverwriteUnlessAsked() throws {
        let temporary = TemporaryFolder("image-tests")
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/out.png"
        try AtomicFileWriter().write([1], to: path)
        let error = #expect(throws: ImageError.self) { try AtomicFileWriter().write([2], to: path) }
        #expect(error?.code == .outputExists)
        #expect(error?.message == "'\(path)' already exists and overwriting was not allowed.")
        #expect(try readFile(path) == [1])
        try AtomicFileWriter(overwrite: true).write([3, 4], to: path)
        #expect(try readFile(path) == [3, 4])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.png"])
    }

    @Test func refusesAMissingFolder() throws {
        let error = #expect(throws: ImageError.self) {
            try AtomicFileWriter().write([1], to: "/nonexistent-sharevia-folder/out.png")
        }
        #expect(error?.code == .writeFailed)
        #expect(error?.message.contains("/nonexistent-sharevia-folder") == true)
    }
}
