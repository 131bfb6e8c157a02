import AtomicFiles
import LocalFiles
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Writes files into a folder atomically, never overwriting and never following a symlink.
///
/// Each file is a `StagedFile` (module AtomicFiles): written to a temporary name
/// (``temporaryPrefix``) created with `O_EXCL|O_NOFOLLOW`, fsynced, then hard-linked to its final
/// name with `linkat`, which fails with `EEXIST` when anything (a file, a directory, a dangling
/// symlink) has that name. A reader never sees a partial file under a final name.
///
/// One number for the whole share, even with other shares writing into the folder at once:
/// 1. Start at the first number `N` under which none of the share's names exists (`card.png`,
///    `card.txt`, `card.share.json` for 0; `card-1.png`, ... for 1): the smallest free one when
///    the numbers in use have no gap, found in a few dozen lookups however many there are.
/// 2. Link the first file as `numbered(first, N)`. The link is atomic and never replaces, so it
///    reserves `N` for this share: a concurrent share that wanted `N` gets `EEXIST` and moves on.
/// 3. Link every other file under the same `N`. If one of those names was taken meanwhile (by a
///    share with other names), remove what this share linked under `N` and start again at `N+1`.
///
/// When a file fails, or the task is cancelled, the files already written are removed again.
/// Temporary files older than ``staleAge`` that a killed run left behind are removed first, once
/// per process and folder.
struct AtomicFolderWriter {
    /// The prefix of temporary files, which export names may not use.
    static let temporaryPrefix = ".sharevia-tmp-"

    let directory: String
    let destination: DestinationID
    /// Asked between files and between the chunks of a copy; true stops the write and removes
    /// what it wrote. Task cancellation by default; a writer on a thread of its own passes a flag.
    var isCancelled: @Sendable () -> Bool = { Task.isCancelled }
    /// The most bytes copied for one attachment, checked while copying: a file that grows while
    /// it is copied stops one byte over, and its temporary file is removed.
    var copyLimit = InputLimit(bytes: ShareAttachment.fileByteLimit, rule: "the file export's limit for one attachment")

    /// Writes the files in order and returns their final paths.
    ///
    /// - Parameter manifest: Called with the final names of the files written so far, to build
    ///   the last file (the manifest) so it lists what is really on disk.
    func write(
        _ files: [ExportPlan.File],
        manifest: (name: String, build: ([String]) -> Data)? = nil
    ) throws(ShareError) -> [String] {
        try makeDirectory()
        let folder: OpenFolder
        do throws(FileSystemError) {
            folder = try OpenFolder(directory)
        } catch {
            throw failure("can't open the folder", error.code)
        }

        StaleTemporaryFiles.removeOncePerProcess(
            in: folder.descriptor,
            path: directory,
            prefix: Self.temporaryPrefix,
            olderThan: Self.staleAge
        )
        let names = files.map(\.name) + (manifest.map { [$0.name] } ?? [])
        var number = Self.firstFreeSuffix(for: names, in: folder.descriptor, from: 0)
        while number <= Self.maximumNumber {
            if let written = try writeAll(files, manifest: manifest, in: folder, numbered: number) {
                folder.sync()
                return written.map { "\(directory)/\($0)" }
            }
            number = Self.firstFreeSuffix(for: names, in: folder.descriptor, from: number + 1)
        }
        let message =
            "\(directory) already holds \(names.first ?? "these files") and \(Self.maximumNumber) numbered copies"
        throw ShareError(
            .permanent,
            destination: destination,
            message: message,
            detail: .init(
                .folderFull,
                setting: "directory",
                value: directory,
                mentions: [.folder(message, "choose another folder with")]
            )
        )
    }

    /// Writes every file under `number`; nil (with nothing left behind) when one of the names is
    /// taken, so the caller tries the next number.
    private func writeAll(
        _ files: [ExportPlan.File],
        manifest: (name: String, build: ([String]) -> Data)?,
        in folder: borrowing OpenFolder,
        numbered number: Int
    ) throws(ShareError) -> [String]? {
        var written: [String] = []
        do throws(ShareError) {
            for file in files {
                try checkCancellation()
                guard let name = try commit(file, in: folder, as: Self.numbered(file.name, number)) else {
                    for name in written { folder.remove(name) }
                    return nil
                }
                written.append(name)
            }
            if let manifest {
                try checkCancellation()
                let file = ExportPlan.File(name: manifest.name, bytes: .data(manifest.build(written)))
                guard let name = try commit(file, in: folder, as: Self.numbered(manifest.name, number)) else {
                    for name in written { folder.remove(name) }
                    return nil
                }
                written.append(name)
            }
            // Cancelled while the last file was written: the share was reported cancelled, so
            // nothing of it may stay.
            try checkCancellation()
        } catch {
            for name in written { folder.remove(name) }
            throw error
        }
        return written
    }

    private func checkCancellation() throws(ShareError) {
        if isCancelled() {
            throw ShareError(
                .cancelled,
                destination: destination,
                message: "cancelled; no file was left behind in \(directory)"
            )
        }
    }

    /// Writes one file as a ``StagedFile`` and publishes it as `name`; nil when `name` is taken.
    private func commit(
        _ file: ExportPlan.File,
        in folder: borrowing OpenFolder,
        as name: String
    ) throws(ShareError) -> String? {
        let staged: StagedFile
        do throws(FileSystemError) {
            staged = try StagedFile(in: folder, prefix: Self.temporaryPrefix)
        } catch {
            throw failure("can't create a temporary file", error.code)
        }
        try fill(staged, from: file)
        do throws(FileSystemError) {
            return try staged.publish(as: name) ? name : nil
        } catch {
            let what = error.step == "flush to disk" ? "can't flush \(file.name) to disk" : "can't \(error.step)"
            throw failure(what, error.code)
        }
    }

    private func fill(_ staged: borrowing StagedFile, from file: ExportPlan.File) throws(ShareError) {
        switch file.bytes {
        case .data(let data):
            do throws(FileSystemError) {
                try staged.write([UInt8](data))
            } catch {
                throw failure("can't write \(file.name)", error.code)
            }
        case .attachment(let attachment):
            try copy(attachment, into: staged, name: file.name)
        case .copy(let path):
            var writeFailure: FileSystemError?
            do throws(InputFileError) {
                let input = try InputFile(path: path)
                // A pipe (a library caller's FIFO) is read until its end, the limit or the
                // router's timeout, whichever comes first.
                try input.requireReadable(allowingPipes: true)
                try input.forEachChunk(limit: copyLimit, isCancelled: isCancelled) {
                    chunk throws(InputFileError) in
                    do throws(FileSystemError) {
                        try staged.write(UnsafeRawBufferPointer(chunk))
                    } catch {
                        writeFailure = error
                        throw InputFileError(path: path, problem: .cancelled)
                    }
                }
            } catch {
                if let writeFailure { throw failure("can't write \(file.name)", writeFailure.code) }
                throw copyFailure(error)
            }
        }
    }

    /// Streams an attachment through its reader (read once per share) into `staged`.
    private func copy(_ attachment: ShareAttachment, into staged: borrowing StagedFile, name: String) throws(ShareError)
    {
        var writeFailure: FileSystemError?
        do throws(ShareError) {
            try attachment.forEachChunk(limit: copyLimit.bytes, rule: copyLimit.rule, isCancelled: isCancelled) {
                chunk throws(ShareError) in
                do throws(FileSystemError) {
                    try staged.write(chunk)
                } catch {
                    writeFailure = error
                    throw ShareError(.cancelled, message: "stopped by a write failure")
                }
            }
        } catch {
            if let writeFailure { throw failure("can't write \(name)", writeFailure.code) }
            // A file that was read says what went wrong in its own terms; bytes read before
            // (kept in memory) can only be over the limit or cancelled.
            if let input = error.underlying as? InputFileError { throw copyFailure(input) }
            let path: String
            switch attachment.source {
            case .file(let filePath): path = filePath
            case .bytes: path = attachment.fileName
            }
            switch error.code {
            case .contentRejected: throw copyFailure(InputFileError(path: path, problem: .tooLarge(copyLimit)))
            case .cancelled: throw copyFailure(InputFileError(path: path, problem: .cancelled))
            default: throw error.attributed(to: destination)
            }
        }
    }

    /// The error for a source that could not be copied: over the limit, cancelled, or unreadable.
    private func copyFailure(_ error: InputFileError) -> ShareError {
        switch error.problem {
        case .tooLarge:
            return ShareError(
                .contentRejected,
                destination: destination,
                message: "\(error.message); nothing was left in \(directory); pass a smaller file",
                underlying: error
            )
        case .cancelled:
            return ShareError(
                .cancelled,
                destination: destination,
                message: "cancelled while copying '\(error.path)'; no file was left behind in \(directory)"
            )
        default:
            return ShareError(
                .badInput,
                destination: destination,
                message: "\(error.message). Check the path and its permissions.",
                underlying: error
            )
        }
    }

    private func makeDirectory() throws(ShareError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/\(component)"
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                let what =
                    path == directory ? "can't create the folder \(path)" : "can't create \(path) for \(directory)"
                throw failure(what, errno, naming: false)
            }
        }
        var info = stat()
        guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw notAFolder()
        }
    }

    /// The error for a folder path that names something else.
    func notAFolder() -> ShareError {
        let message = "\(directory) exists but is not a folder"
        return ShareError(
            .permanent,
            destination: destination,
            message: message,
            detail: .init(
                .unusableSetting,
                setting: "directory",
                value: directory,
                mentions: [.folder(message, "pass another folder with")]
            )
        )
    }

    /// The error for a failed system call: what failed (followed by "in <folder>" when
    /// `naming`) and the system's reason; its detail says why, for the caller's advice.
    func failure(_ what: String, _ code: Int32, naming: Bool = true) -> ShareError {
        let reason = String(cString: strerror(code))
        let cause: String
        let advice: String
        switch code {
        case ENOSPC, EDQUOT: (cause, advice) = ("no-space", "free some space or pass another folder with")
        case EACCES, EPERM, EROFS: (cause, advice) = ("not-writable", "pass a folder you can write to with")
        default: (cause, advice) = ("other", "check the folder or pass another with")
        }
        let message = "\(what)\(naming ? " in \(directory)" : ""): \(reason)"
        return ShareError(
            .permanent,
            destination: destination,
            message: message,
            detail: .init(.writeFailed, setting: "directory", value: cause, mentions: [.folder(message, advice)])
        )
    }

    /// The highest number tried: `card-9999.png`.
    static let maximumNumber = 9999

    /// How old a temporary file must be before a later run removes it: one a killed run left.
    static let staleAge: Duration = .seconds(3600)

    /// `card.png` for 0, else `card-N.png`; the number goes before the first dot, so
    /// `card.share.json` becomes `card-1.share.json`.
    static func numbered(_ name: String, _ number: Int) -> String {
        guard number > 0 else { return name }
        let dot = name.dropFirst().firstIndex(of: ".")
        let stem = dot.map { String(name[..<$0]) } ?? name
        let extensions = dot.map { String(name[$0...]) } ?? ""
        return "\(stem)-\(number)\(extensions)"
    }

    /// The number a share of `names` would be written under in `directory` now: 0 when the folder
    /// does not exist yet or none of the names is taken. A share written meanwhile may take it.
    static func nextNumber(for names: [String], in directory: String) -> Int {
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return 0 }
        defer { close(folder) }
        return firstFreeSuffix(for: names, in: folder, from: 0)
    }

    /// A number from `first` on under which none of the names exists yet (symlinks count): the
    /// smallest when the numbers in use from `first` have no gap, as a folder that only sharevia
    /// writes into has. Past ``maximumNumber`` when every one is taken.
    ///
    /// Found by doubling the step until a number is free, then halving back to the first free
    /// one after the last taken: a folder with thousands of shares costs a few dozen lookups per
    /// share, not thousands (an outbox run into one folder would otherwise slow quadratically).
    static func firstFreeSuffix(for names: [String], in folder: Int32, from first: Int) -> Int {
        func isTaken(_ number: Int) -> Bool {
            names.contains { name in
                var info = stat()
                return fstatat(folder, numbered(name, number), &info, AT_SYMLINK_NOFOLLOW) == 0
            }
        }
        guard first <= maximumNumber, isTaken(first) else { return first }
        // `taken` is taken; find a free `free` above it, doubling the distance.
        var taken = first
        var step = 1
        var free = first + 1
        while free <= maximumNumber, isTaken(free) {
            taken = free
            step *= 2
            free = first + step
        }
        if free > maximumNumber {
            free = maximumNumber + 1
        }
        // The first free number after `taken`, at most `free`.
        while free - taken > 1 {
            let middle = taken + (free - taken) / 2
            if isTaken(middle) { taken = middle } else { free = middle }
        }
        return free
    }
}
