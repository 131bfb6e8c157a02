import AtomicFiles
import Foundation
import TestSupport
import Testing

/// The one atomic-write primitive both writers build on.
struct StagedFileTests {
    let temporary = TemporaryFolder("staged")
    var folder: String { temporary.path }

    private func names() -> [String] { temporary.names() }

    @Test func publishesCompleteBytesUnderTheFinalNameAndLeavesNoTemporaryFile() throws {
        let open = try OpenFolder(folder)
        let staged = try StagedFile(in: open, prefix: ".tmp-")
        try staged.write([1, 2, 3])
        #expect(names().count == 1 && names()[0].hasPrefix(".tmp-"), "only the temporary name while writing")
        #expect(try staged.publish(as: "out.bin"))
        _ = consume staged
        #expect(names() == ["out.bin"])
        #expect(FileManager.default.contents(atPath: folder + "/out.bin") == Data([1, 2, 3]))
    }

    @Test func neverReplacesWhatHasTheNameAlreadyEvenADanglingSymlink() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/taken", withDestinationPath: folder + "/nowhere")
        let open = try OpenFolder(folder)
        let staged = try StagedFile(in: open, prefix: ".tmp-")
        try staged.write([9])
        #expect(try !staged.publish(as: "taken"))
        #expect(try staged.publish(as: "free"))
        _ = consume staged
        #expect(names() == ["free", "taken"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/nowhere"), "nothing was written through the link")
    }

    @Test func replaceOverwritesAndPermissionsIgnoreTheUmask() throws {
        try Data([0]).write(to: URL(fileURLWithPath: folder + "/out"))
        let previous = umask(0o077)
        defer { umask(previous) }
        let open = try OpenFolder(folder)
        let staged = try StagedFile(in: open, prefix: ".tmp-", permissions: 0o644)
        try staged.write([7, 7])
        try staged.replace("out")
        _ = consume staged
        #expect(FileManager.default.contents(atPath: folder + "/out") == Data([7, 7]))
        let mode = try #require(
            FileManager.default.attributesOfItem(atPath: folder + "/out")[.posixPermissions] as? Int
        )
        #expect(mode == 0o644)
        #expect(names() == ["out"])
    }

    @Test func aDroppedStagedFileLeavesNothing() throws {
        let open = try OpenFolder(folder)
        do {
            let staged = try StagedFile(in: open, prefix: ".tmp-")
            try staged.write(Array(repeating: 1, count: 1000))
        }
        #expect(names().isEmpty)
    }

    @Test func aMissingFolderNamesTheStepAndTheReason() {
        let error = #expect(throws: FileSystemError.self) { _ = try OpenFolder(folder + "/missing") }
        #expect(error?.step == "open the folder")
        #expect(error?.reason == "No such file or directory")
    }
}

/// `replace` renames over a regular file only.
struct StagedFileReplaceTests {
    let temporary = TemporaryFolder("staged-replace")

    @Test func replaceRefusesAFIFOAndASymlinkAndLeavesThem() throws {
        let fifo = temporary.file("pipe")
        try #require(mkfifo(fifo, 0o644) == 0)
        try #require(symlink(temporary.file("pipe"), temporary.file("link")) == 0)
        let open = try OpenFolder(temporary.path)
        for name in ["pipe", "link"] {
            let staged = try StagedFile(in: open, prefix: ".tmp-")
            try staged.write([1])
            let error = #expect(throws: FileSystemError.self) { try staged.replace(name) }
            #expect(error?.step == "replace \(name), which is not a regular file")
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        #expect(lstat(temporary.file("link"), &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
        #expect(temporary.names() == ["link", "pipe"])
    }
}

/// What a killed run left behind is removed by a later one, once it is old enough.
struct StaleTemporaryFilesTests {
    let temporary = TemporaryFolder("stale")

    func age(_ name: String, seconds: TimeInterval) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -seconds)],
            ofItemAtPath: temporary.file(name)
        )
    }

    @Test func removesOnlyOldRegularFilesWithThePrefix() throws {
        try temporary.write([1], named: ".tmp-old")
        try temporary.write([2], named: ".tmp-new")
        try temporary.write([3], named: "keep-old")
        try #require(mkdir(temporary.file(".tmp-folder"), 0o755) == 0)
        try #require(symlink(temporary.file("keep-old"), temporary.file(".tmp-link")) == 0)
        try age(".tmp-old", seconds: 7200)
        try age(".tmp-new", seconds: 60)
        try age("keep-old", seconds: 7200)
        try age(".tmp-folder", seconds: 7200)
        let open = try OpenFolder(temporary.path)
        let removed = StaleTemporaryFiles.remove(in: open.descriptor, prefix: ".tmp-", olderThan: .seconds(3600))
        #expect(removed == [".tmp-old"])
        #expect(temporary.names() == [".tmp-folder", ".tmp-link", ".tmp-new", "keep-old"])
    }

    /// Once per process: a run writing many files into one folder doesn't list it for every file.
    /// Another prefix, or another folder, is another look; the plain ``remove`` looks every time.
    @Test func aFolderIsLookedThroughOncePerProcessWhenAsked() throws {
        let open = try OpenFolder(temporary.path)
        let once = { (prefix: String) in
            StaleTemporaryFiles.removeOncePerProcess(
                in: open.descriptor,
                path: temporary.path,
                prefix: prefix,
                olderThan: .seconds(3600)
            )
        }
        #expect(once(".tmp-") == [])
        try temporary.write([1], named: ".tmp-old")
        try temporary.write([2], named: ".other-old")
        try age(".tmp-old", seconds: 7200)
        try age(".other-old", seconds: 7200)

        #expect(once(".tmp-") == [])
        #expect(temporary.names().contains(".tmp-old"), "left for a later run")
        #expect(once(".other-") == [".other-old"])
        #expect(
            StaleTemporaryFiles.remove(in: open.descriptor, prefix: ".tmp-", olderThan: .seconds(3600)) == [".tmp-old"]
        )
    }
}
