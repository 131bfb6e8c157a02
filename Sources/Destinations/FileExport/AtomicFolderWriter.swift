import AtomicFiles
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
/// symlink) has that name; the writer then tries `name-1.ext`, `name-2.ext`, and so on. A reader never sees a partial file under a final name.
/// When a file fails, or the task is cancelled, the files already written are removed again.
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
        do throws(FileSystemFailure) {
            folder = try OpenFolder(directory)
        } catch {
            throw failure("can't open the folder", error.code)
        }

        // One suffix for the whole share when it's free for every name (card-1.png, card-1.txt,
        // card-1.share.json); a name taken meanwhile still moves on to its own next free number.
        let names = files.map(\.name) + (manifest.map { [$0.name] } ?? [])
        let suffix = Self.firstFreeSuffix(for: names, in: folder.descriptor)
        var written: [String] = []
        do throws(ShareError) {
            for file in files {
                try checkCancellation()
                written.append(try commit(file, in: folder, startingAt: suffix))
            }
            if let manifest {
                try checkCancellation()
                let file = ExportPlan.File(name: manifest.name, bytes: .data(manifest.build(written)))
                written.append(try commit(file, in: folder, startingAt: suffix))
            }
            folder.sync()
        } catch {
            for name in written { folder.remove(name) }
            throw error
        }
        return written.map { "\(directory)/\($0)" }
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

    /// Writes one file as a ``StagedFile``, then publishes it under the first free final name.
    private func commit(
        _ file: ExportPlan.File,
        in folder: borrowing OpenFolder,
        startingAt suffix: Int
    ) throws(ShareError) -> String {
        let staged: StagedFile
        do throws(FileSystemFailure) {
            staged = try StagedFile(in: folder, prefix: Self.temporaryPrefix)
        } catch {
            throw failure("can't create a temporary file", error.code)
        }
        try fill(staged, from: file)
        for candidate in Self.candidates(for: file.name, from: suffix) {
            do throws(FileSystemFailure) {
                if try staged.publish(as: candidate) { return candidate }
            } catch {
                let what = error.step == "flush to disk" ? "can't flush \(file.name) to disk" : "can't \(error.step)"
                throw failure(what, error.code)
            }
        }
        throw ShareError(
            .permanent,
            destination: destination,
            message:
                "\(directory) already holds \(file.name) and 9999 numbered copies; choose another folder with --out"
        )
    }

    private func fill(_ staged: borrowing StagedFile, from file: ExportPlan.File) throws(ShareError) {
        switch file.bytes {
        case .data(let data):
            do throws(FileSystemFailure) {
                try staged.write([UInt8](data))
            } catch {
                throw failure("can't write \(file.name)", error.code)
            }
        case .copy(let path):
            var writeFailure: FileSystemFailure?
            do throws(InputFileError) {
                let input = try InputFile(path: path)
                try input.requireReadable(allowingPipes: true)
                try input.forEachChunk(limit: copyLimit, isCancelled: isCancelled) {
                    chunk throws(InputFileError) in
                    do throws(FileSystemFailure) {
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
            throw ShareError(
                .permanent,
                destination: destination,
                message: "\(directory) exists but is not a folder; pass another folder with --out"
            )
        }
    }

    /// The error for a failed system call: what failed (followed by "in <folder>" when
    /// `naming`), the system's reason, and what to do.
    private func failure(_ what: String, _ code: Int32, naming: Bool = true) -> ShareError {
        let reason = String(cString: strerror(code))
        let advice: String
        switch code {
        case ENOSPC, EDQUOT: advice = "free some space or pass another folder with --out"
        case EACCES, EPERM, EROFS: advice = "pass a folder you can write to with --out"
        default: advice = "check the folder or pass another with --out"
        }
        return ShareError(
            .permanent,
            destination: destination,
            message: "\(what)\(naming ? " in \(directory)" : ""): \(reason); \(advice)"
        )
    }

    /// `card.png`, then `card-1.png`, `card-2.png`, ... `card-9999.png`; the number goes before
    /// the first dot, so `card.share.json` becomes `card-1.share.json`.
    /// Built lazily: the first free name is almost always the first one tried.
    static func candidates(for name: String, from first: Int = 0) -> LazyMapSequence<ClosedRange<Int>, String> {
        (first...9999).lazy.map { numbered(name, $0) }
    }

    static func numbered(_ name: String, _ number: Int) -> String {
        guard number > 0 else { return name }
        let dot = name.dropFirst().firstIndex(of: ".")
        let stem = dot.map { String(name[..<$0]) } ?? name
        let extensions = dot.map { String(name[$0...]) } ?? ""
        return "\(stem)-\(number)\(extensions)"
    }

    /// The smallest number under which none of the names exists yet (symlinks count), or 0.
    static func firstFreeSuffix(for names: [String], in folder: Int32) -> Int {
        for number in 0...9999 {
            let taken = names.contains { name in
                var info = stat()
                return fstatat(folder, numbered(name, number), &info, AT_SYMLINK_NOFOLLOW) == 0
            }
            if !taken { return number }
        }
        return 0
    }
}
