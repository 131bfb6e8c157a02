import AtomicFiles
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// sharevia's state folder, `$XDG_STATE_HOME/sharevia` (by default `~/.local/state/sharevia`):
/// the accounts file and, when no keyring answers, the `tokens/` folder.
///
/// Both folders are created with mode 0700 and must stay owned by this user and closed to
/// group and others; one that isn't is refused, never loosened further or used.
package enum StateFolder {
    /// The folder's path from `XDG_STATE_HOME` (when absolute) or `HOME`; nil when neither is set.
    package static func path(environment: ShareEnvironment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/sharevia" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/sharevia"
    }

    /// Opens the folder at `path`, creating it (and its parents) when `create`; nil when it
    /// doesn't exist and `create` is false.
    /// - Throws: ``AccountStoreError`` (`unsafeFile`, `fileSystem`).
    static func open(_ path: String, create: Bool) throws(AccountStoreError) -> OpenFolder? {
        if create {
            try makeFolders(path)
        } else if access(path, F_OK) != 0 {
            return nil
        }
        let folder: OpenFolder
        do {
            folder = try OpenFolder(path)
        } catch {
            throw AccountStoreError(.fileSystem, "can't open the folder \(path): \(error.reason)")
        }
        try requirePrivate(folder.descriptor, path: path, folder: true)
        return folder
    }

    /// Opens the folder `name` inside `parent`, creating it when `create`; nil when it doesn't
    /// exist and `create` is false.
    static func open(
        _ name: String,
        in parent: borrowing OpenFolder,
        create: Bool
    ) throws(AccountStoreError)
        -> OpenFolder?
    {
        let path = parent.path + "/" + name
        if create, mkdirat(parent.descriptor, name, 0o700) != 0, errno != EEXIST {
            throw AccountStoreError(.fileSystem, "can't create the folder \(path): \(reason(errno))")
        }
        let descriptor = openat(parent.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT && !create { return nil }
            throw AccountStoreError(.unsafeFile, "\(path) is not a folder sharevia can open: \(reason(errno))")
        }
        close(descriptor)
        let folder: OpenFolder
        do {
            folder = try OpenFolder(path)
        } catch {
            throw AccountStoreError(.fileSystem, "can't open the folder \(path): \(error.reason)")
        }
        try requirePrivate(folder.descriptor, path: path, folder: true)
        return folder
    }

    /// Throws unless the open file or folder is owned by this user, of the right kind, and
    /// closed to group and others.
    static func requirePrivate(_ descriptor: Int32, path: String, folder: Bool) throws(AccountStoreError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw AccountStoreError(.fileSystem, "can't inspect \(path): \(reason(errno))")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == (folder ? S_IFDIR : S_IFREG) else {
            throw AccountStoreError(.unsafeFile, "\(path) is not a \(folder ? "folder" : "regular file")")
        }
        guard info.st_uid == geteuid() else {
            throw AccountStoreError(.unsafeFile, "\(path) belongs to another user")
        }
        guard info.st_mode & 0o077 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw AccountStoreError(
                .unsafeFile,
                "\(path) has mode \(mode): group or others can reach it; it must be \(folder ? "0700" : "0600")"
            )
        }
    }

    /// Creates `path` and missing parents; the last one with mode 0700, parents with 0700 too
    /// (as the XDG spec asks of the state home).
    private static func makeFolders(_ path: String) throws(AccountStoreError) {
        var prefix = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw AccountStoreError(.fileSystem, "can't create the folder \(prefix): \(reason(errno))")
            }
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
