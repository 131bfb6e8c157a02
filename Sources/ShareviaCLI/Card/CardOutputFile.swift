import AtomicFiles
import ShareCards

/// Writing a rendered PNG: all or nothing, through a `StagedFile` beside the output, replacing
/// an existing file only once the new one is complete.
enum CardOutputFile {
    /// Writes `bytes` to `path` atomically.
    ///
    /// - Throws: ``CommandFailure`` (65, printed) naming the file and the system error.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let slash = path.lastIndex(of: "/")
        let folderPath = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else {
            throw CardSpecFile.failure(
                CardError(.renderFailed, "-o '\(path)' names a folder; give a file name such as card.png")
            )
        }
        do throws(FileSystemFailure) {
            let folder = try OpenFolder(folderPath)
            let staged = try StagedFile(in: folder, prefix: ".\(name).")
            try staged.write(bytes)
            try staged.replace(name)
        } catch {
            throw CardSpecFile.failure(
                CardError(.renderFailed, "can't write '\(path)': \(error); check the folder exists and is writable")
            )
        }
    }
}
