import AtomicFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DesktopIntegrationPlan {
    /// Makes the plan's changes in order, printing a line for each; returns those lines.
    ///
    /// Files are written under a temporary name in their folder and renamed over the old one
    /// (``StagedFile``), so no reader sees a partial file. A folder to remove that is not empty
    /// is kept.
    ///
    /// - Throws: ``Refusal`` naming the file or folder and the system's reason at the first
    ///   change that fails (the changes before it stay made).
    func apply() throws(Refusal) -> [String] {
        var lines: [String] = []
        for step in steps {
            switch step {
            case .createFolder(let path):
                guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                    throw failure("create the folder \(path)")
                }
                lines.append(step.line)
            case .write(let path, let bytes, let mode, _):
                try write(bytes, mode: mode, to: path)
                lines.append(step.line)
            case .remove(let path):
                guard unlink(path) == 0 || errno == ENOENT else { throw failure("remove \(path)") }
                lines.append(step.line)
            case .removeFolder(let path):
                if rmdir(path) == 0 {
                    lines.append("remove folder \(path)")
                } else if errno == ENOTEMPTY || errno == EEXIST {
                    lines.append("keep folder \(path) (not empty)")
                }
            case .unchanged, .leave:
                lines.append(step.line)
            }
        }
        return lines
    }

    private func write(_ bytes: [UInt8], mode: UInt16, to path: String) throws(Refusal) {
        let folder = Self.parent(of: path)
        let name = String(path[path.index(after: path.lastIndex(of: "/")!)...])
        do throws(FileSystemError) {
            let open = try OpenFolder(folder.isEmpty ? "/" : folder)
            let file = try StagedFile(in: open, prefix: ".sharevia-tmp-", permissions: mode)
            try file.write(bytes)
            try file.replace(name)
            open.sync()
        } catch {
            throw Refusal(
                message:
                    "can't write \(path) (\(error.reason) while trying to \(error.step)); check its folder's permissions"
            )
        }
    }

    private func failure(_ what: String) -> Refusal {
        Refusal(message: "can't \(what): \(String(cString: strerror(errno))); check the folder's permissions")
    }
}
