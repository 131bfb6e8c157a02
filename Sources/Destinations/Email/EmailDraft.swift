import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A message left as a `.eml` file, written atomically (temporary file, fsync, hard link) into the
/// share folder, never over an existing file (`card-1.eml` then).
struct EmailDraft {
    var bytes: [UInt8]
    var name: String

    /// Writes the draft and returns its path.
    func write(into folder: String) throws(ShareError) -> String {
        let safe = (try? SafeFileName.check(name)) != nil ? name : "message.eml"
        let written = try AtomicFolderWriter(directory: folder, destination: .email).write(
            [ExportPlan.File(name: safe, bytes: .data(Data(bytes)))]
        )
        return written[0]
    }
}

/// Whether a file can be read by this process.
enum FileAccess {
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
