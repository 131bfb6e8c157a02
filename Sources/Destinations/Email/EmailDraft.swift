import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A message left as a `.eml` file in a folder, written atomically (temporary file, fsync, hard
/// link), never over an existing file (`card-1.eml` then).
///
/// The message is streamed (``MailStream``) into a temporary file in the folder
/// (`.sharevia-tmp-email-*`), which the folder writer then links in under its name, so an
/// attachment is never held in memory whole; the temporary file is removed however it ends.
struct EmailDraft {
    var layout: MailLayout
    var limit: Int
    var name: String

    /// Writes the draft and returns its path.
    ///
    /// - Throws: ``ShareCore/ShareError``: `contentRejected` when the attachments pass the
    ///   limit, `badInput` for an attachment that can't be read, `cancelled`, or the folder's
    ///   failure.
    func write(into folder: String) async throws(ShareError) -> String {
        let safe = (try? SafeFileName.check(name)) != nil ? name : "message.eml"
        let temporary = try await stage(in: folder)
        defer { unlink(temporary) }
        let written = try AtomicFolderWriter(directory: folder, destination: .email).write(
            [ExportPlan.File(name: safe, bytes: .copy(path: temporary))]
        )
        return written[0]
    }

    /// Streams the message into a new temporary file in `folder` (created if missing) and
    /// returns its path; the caller removes it. Nothing is left behind when this throws.
    func stage(in folder: String) async throws(ShareError) -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ShareError(.permanent, destination: .email, message: "can't create the folder \(folder): \(error)")
        }
        var template = Array("\(folder)/\(AtomicFolderWriter.temporaryPrefix)email-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw ShareError(
                .permanent,
                destination: .email,
                message: "can't write into \(folder): \(String(cString: strerror(errno)))"
            )
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do throws(ShareError) {
            try await stream(to: descriptor, path: folder)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        return temporary
    }

    /// Writes the whole message to `descriptor`, checking for cancellation between chunks.
    func stream(to descriptor: Int32, path: String) async throws(ShareError) {
        let stream = MailStream(layout, limit: limit)
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            if Task.isCancelled {
                throw ShareError(.cancelled, destination: .email, message: "cancelled while writing the .eml")
            }
            let count = try stream.read(into: &buffer)
            if count == 0 { return }
            var done = 0
            while done < count {
                let wrote = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, count - done) }
                if wrote < 0 && errno == EINTR { continue }
                guard wrote > 0 else {
                    throw ShareError(
                        .permanent,
                        destination: .email,
                        message: "can't write the .eml into \(path): \(String(cString: strerror(errno)))"
                    )
                }
                done += wrote
            }
        }
    }
}

/// Whether a file can be read by this process.
enum FileAccess {
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
