import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `card render -o`, `image fit -o` and `image convert -o`, through the built binary: a regular
/// file or standard output, never a device, a FIFO, a folder or a rename over a symlink. Every
/// special file lives in a temporary folder (a device node made with mknod), so a binary without
/// these checks replaces nothing that matters.
@Suite struct OutputFileEndToEndTests {
    let folder = TemporaryFolder("cli-output")
    static var streak: String { PackageRoot.path + "/examples/cards/streak.json" }
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// A character device with /dev/null's numbers inside the test folder (a FIFO when mknod is
    /// refused to a non-root user).
    func device() throws -> String {
        let path = folder.file("null")
        if mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) != 0 { try #require(mkfifo(path, 0o644) == 0) }
        return path
    }

    /// The commands that write a PNG, with `-o PATH` and `--force` (each keeps an existing file
    /// without it; `CardOutputFileTests` and `ImageCommandTests` check that).
    func commands(output: String) throws -> [[String]] {
        let input = try folder.write(CLIImages.halves(width: 60, height: 40), named: "in.png")
        return [
            ["card", "render", Self.streak, "-o", output, "--force"],
            ["image", "fit", input, "-o", output, "--force"],
            ["image", "convert", input, "-o", output, "--force"],
        ]
    }

    @Test func aDeviceOrAFIFOIsRefusedAndLeftAsItWas() async throws {
        let fifo = folder.file("pipe")
        try #require(mkfifo(fifo, 0o644) == 0)
        for special in [try device(), fifo] {
            let before = Self.mode(special)
            for arguments in try commands(output: special) {
                let run = try await ShareviaProcess.run(arguments, timeout: .seconds(30))
                #expect(run.status == 65, "\(arguments): \(run.stderr)")
                #expect(run.stderr.contains("not a regular file"), "\(arguments): \(run.stderr)")
                #expect(Self.mode(special) == before, "\(arguments) left \(special) as it was")
            }
        }
        #expect(folder.names() == ["in.png", "null", "pipe"], "no temporary file is left")
    }

    @Test func aSymlinkIsWrittenThroughAndStaysALink() async throws {
        for arguments in try commands(output: folder.file("link.png")) {
            try folder.write([0], named: "real.png")
            try? FileManager.default.removeItem(atPath: folder.file("link.png"))
            try #require(symlink(folder.file("real.png"), folder.file("link.png")) == 0)
            let run = try await ShareviaProcess.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(Self.mode(folder.file("link.png")) == S_IFLNK, "\(arguments) kept the link")
            #expect(Array(folder.read("real.png") ?? Data()).prefix(8) == Self.pngSignature[...], "\(arguments)")
        }
        #expect(folder.names() == ["in.png", "link.png", "real.png"])
    }

    @Test func aDanglingSymlinkOrAFolderIsRefused() async throws {
        try #require(symlink(folder.file("nowhere.png"), folder.file("dangling.png")) == 0)
        try #require(mkdir(folder.file("dir.png"), 0o755) == 0)
        for output in [folder.file("dangling.png"), folder.file("dir.png")] {
            for arguments in try commands(output: output) {
                let run = try await ShareviaProcess.run(arguments)
                #expect(run.status == 65, "\(arguments): \(run.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere.png")))
        #expect(Self.mode(folder.file("dangling.png")) == S_IFLNK)
        #expect(folder.names() == ["dangling.png", "dir.png", "in.png"])
    }

    @Test func dashWritesThePNGToStandardOutputAndTheSummaryToStandardError() async throws {
        for arguments in try commands(output: "-") {
            let run = try await ShareviaProcess.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(Array(run.stdoutBytes.prefix(8)) == Self.pngSignature, "\(arguments)")
            #expect(run.stderr.contains("wrote standard output: "), "\(arguments): \(run.stderr)")
        }
        #expect(folder.names() == ["in.png"], "no file called '-'")
    }

    @Test func anEmptyOutputIsAUsageErrorNotAFileCalledOutput() async throws {
        for arguments in try commands(output: "") {
            let run = try await ShareviaProcess.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("-o needs a file name"), "\(arguments): \(run.stderr)")
        }
        #expect(folder.names() == ["in.png"])
    }
}
