import Foundation
import ImagePipeline
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The writer writes regular files only: never renames over a device, a FIFO, a folder or a
/// symlink, and writes through a symlink to its target. Every special file here lives in a
/// temporary folder (a device node made with mknod), so a writer without these checks replaces
/// nothing that matters.
struct AtomicFileWriterSpecialFileTests {
    let folder = TemporaryFolder("special-output")

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case fifo, device, folder, danglingLink, linkToFifo
        var testDescription: String { rawValue }
    }

    /// Makes a special file called `out.png` and returns its mode as lstat sees it.
    func make(_ kind: Kind) throws -> String {
        let path = folder.file("out.png")
        switch kind {
        case .fifo:
            try #require(mkfifo(path, 0o644) == 0)
        case .device:
            // /dev/null's numbers; as a non-root user mknod is refused, and a FIFO stands in.
            if mknod(path, S_IFCHR | 0o644, dev_t(1 << 8 | 3)) != 0 { try #require(mkfifo(path, 0o644) == 0) }
        case .folder:
            try #require(mkdir(path, 0o755) == 0)
        case .danglingLink:
            try #require(symlink(folder.file("nowhere.png"), path) == 0)
        case .linkToFifo:
            try #require(mkfifo(folder.file("pipe"), 0o644) == 0)
            try #require(symlink(folder.file("pipe"), path) == 0)
        }
        return path
    }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    @Test(arguments: Kind.allCases, [true, false])
    func refusesEverySpecialFileAndLeavesItAsItWas(kind: Kind, overwrite: Bool) throws {
        let path = try make(kind)
        let before = try #require(Self.mode(path))
        let names = folder.names()
        let writer = AtomicFileWriter(overwrite: overwrite)
        let error = #expect(throws: ImageError.self) { try writer.write([1, 2, 3], to: path) }
        if overwrite || kind == .folder || kind == .fifo || kind == .device {
            #expect(error?.code == .outputNotRegularFile, "\(String(describing: error))")
        } else {
            #expect(error?.code == .outputExists, "a link is an existing file without --force")
        }
        #expect(Self.mode(path) == before, "the \(kind) is untouched")
        #expect(folder.names() == names, "no temporary file is left and nothing is created")
        #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere.png")))
    }

    @Test func namesTheKindOfFileInItsMessage() throws {
        let path = try make(.fifo)
        let error = #expect(throws: ImageError.self) { try AtomicFileWriter(overwrite: true).write([1], to: path) }
        #expect(
            error?.message == "'\(path)' is a FIFO (named pipe), not a regular file; only regular files are written."
        )
    }

    @Test func aDanglingLinkIsNamedWithItsTarget() throws {
        let path = try make(.danglingLink)
        let error = #expect(throws: ImageError.self) { try AtomicFileWriter(overwrite: true).write([1], to: path) }
        #expect(
            error?.message
                == "'\(path)' is a symbolic link to '\(folder.file("nowhere.png"))', which is not a file that exists; only an existing regular file is written through a link."
        )
    }

    @Test func theRealDevNullIsRefusedWithoutWritingAnything() throws {
        // Only checks that can't write: checkDestination writes nothing, and without overwrite the
        // old writer refused too (as existing), so a missing check can't replace the device.
        let error = #expect(throws: ImageError.self) {
            try AtomicFileWriter(overwrite: true).checkDestination("/dev/null")
        }
        #expect(error?.code == .outputNotRegularFile)
        #expect(error?.message.contains("a character device") == true)
        let withoutOverwrite = #expect(throws: ImageError.self) {
            try AtomicFileWriter(overwrite: false).write([1], to: "/dev/null")
        }
        #expect(withoutOverwrite?.code == .outputNotRegularFile)
        #expect(Self.mode("/dev/null") == S_IFCHR, "/dev/null is still a character device")
    }

    @Test func writesThroughASymlinkToItsTargetAndKeepsTheLink() throws {
        try folder.write([9], named: "real.png")
        let link = folder.file("link.png")
        try #require(symlink(folder.file("real.png"), link) == 0)
        try AtomicFileWriter(overwrite: true).write([4, 5, 6], to: link)
        #expect(Self.mode(link) == S_IFLNK, "the link is still a link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == folder.file("real.png"))
        #expect(folder.read("real.png") == Data([4, 5, 6]))
        #expect(folder.names() == ["link.png", "real.png"])
    }

    @Test func anEmptyPathIsAnErrorNotAFileCalledOutput() throws {
        let error = #expect(throws: ImageError.self) { try AtomicFileWriter(overwrite: true).write([1], to: "") }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message == "the output file name is empty; name a file such as card.png.")
        #expect(!FileManager.default.fileExists(atPath: "output"))
    }

    @Test func aWriteRemovesTheTemporaryFilesAKilledRunLeftForTheSameNameOnceAnHourOld() throws {
        try folder.write([1], named: ".out.png.sharevia-killed")
        try folder.write([2], named: ".out.png.sharevia-writing")
        try folder.write([3], named: ".other.png.sharevia-killed")
        for (name, age) in [
            (".out.png.sharevia-killed", 7200.0), (".out.png.sharevia-writing", 60),
            (".other.png.sharevia-killed", 7200),
        ] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -age)],
                ofItemAtPath: folder.file(name)
            )
        }
        try AtomicFileWriter().write([7], to: folder.file("out.png"))
        #expect(folder.names() == [".other.png.sharevia-killed", ".out.png.sharevia-writing", "out.png"])
    }
}
