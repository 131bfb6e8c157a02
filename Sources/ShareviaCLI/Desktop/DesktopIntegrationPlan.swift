import LocalFiles
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every change `sharevia integrate desktop` (or `--remove`) makes, decided before the first
/// one is made: a file sharevia must not touch stops the whole run with nothing changed.
struct DesktopIntegrationPlan: Equatable {
    /// One change, in the order it is made.
    enum Step: Equatable {
        case createFolder(String)
        /// Writes `bytes` with `mode` at `path`, atomically; `verb` says how (write, update, merge).
        case write(path: String, bytes: [UInt8], mode: UInt16, verb: String)
        case unchanged(String)
        case remove(String)
        /// Removes the folder if it is empty.
        case removeFolder(String)
        /// A file left in place, and why.
        case leave(String, reason: String)

        /// The line printed for it.
        var line: String {
            switch self {
            case .createFolder(let path): "create folder \(path)"
            case .write(let path, _, _, let verb): "\(verb) \(path)"
            case .unchanged(let path): "unchanged \(path)"
            case .remove(let path): "remove \(path)"
            case .removeFolder(let path): "remove folder \(path) (if empty)"
            case .leave(let path, let reason): "leave \(path) (\(reason))"
            }
        }
    }

    /// A file sharevia refuses to change, and what to do; nothing has been changed.
    struct Refusal: Error {
        var message: String
    }

    var steps: [Step] = []

    /// The largest file of sharevia's own read back (an entry, the menu, the script): 1 MiB.
    static let ownFileLimit = 1 << 20

    /// The plan that installs `texts` into `folders`.
    ///
    /// - Throws: ``Refusal`` when a file in the way is not sharevia's, not a regular file, or
    ///   (uca.xml) not well-formed.
    static func install(_ texts: DesktopIntegrationTexts, into folders: DesktopFolders) throws(Refusal) -> Self {
        var plan = DesktopIntegrationPlan()
        let files: [(String, String, UInt16)] = [
            (folders.desktopEntry, texts.desktopEntry, 0o644),
            // KDE 6 runs a service menu in a user's folder only when it is executable.
            (folders.serviceMenu, texts.serviceMenu, 0o755),
            (folders.nautilusScript, texts.nautilusScript, 0o755),
        ]
        var created: [String] = []
        for path in files.map(\.0) + [folders.thunarActions, folders.record] {
            try requireFolder(above: path)
            created += missingFolders(for: path, after: created)
        }
        plan.steps += created.map(Step.createFolder)
        for (path, text, mode) in files {
            plan.steps.append(try ownFile(path, text: Array(text.utf8), mode: mode))
        }
        plan.steps.append(try thunarInstall(folders.thunarActions, action: texts.thunarAction))
        // The record keeps the folders created by an earlier install, which this one finds there.
        let earlier = (try? read(folders.record, limit: DesktopIntegrationRecord.byteLimit))
            .flatMap { $0 }.flatMap(DesktopIntegrationRecord.decode)
        var record = earlier ?? DesktopIntegrationRecord()
        record.createdFolders += created.filter { !record.createdFolders.contains($0) }
        let bytes: [UInt8]
        do { bytes = try record.encoded() } catch { throw Refusal(message: "can't encode the record: \(error)") }
        let current = try? read(folders.record, limit: DesktopIntegrationRecord.byteLimit)
        if current == .some(bytes) {
            plan.steps.append(.unchanged(folders.record))
        } else {
            plan.steps.append(.write(path: folders.record, bytes: bytes, mode: 0o644, verb: "write"))
        }
        return plan
    }

    /// The plan that takes out what ``install(_:into:)`` put into `folders`.
    ///
    /// - Throws: ``Refusal`` when uca.xml holds sharevia's action but is not well-formed.
    static func remove(from folders: DesktopFolders) throws(Refusal) -> Self {
        var plan = DesktopIntegrationPlan()
        for path in [folders.desktopEntry, folders.serviceMenu, folders.nautilusScript] {
            guard kind(of: path) != nil else { continue }
            guard kind(of: path) == S_IFREG else {
                plan.steps.append(.leave(path, reason: "not a regular file, so not sharevia's"))
                continue
            }
            let bytes = try read(path, limit: ownFileLimit) ?? []
            if contains(bytes, DesktopIntegrationTexts.marker) {
                plan.steps.append(.remove(path))
            } else {
                plan.steps.append(
                    .leave(path, reason: "it has no \(DesktopIntegrationTexts.marker) line, so it is not sharevia's")
                )
            }
        }
        let uca = folders.thunarActions
        if kind(of: uca) == S_IFREG, let bytes = try read(uca, limit: ThunarActionsDocument.byteLimit) {
            do throws(ThunarActionsError) {
                switch try ThunarActionsFile.removing(from: bytes) {
                case .absent: break
                case .removeFile: plan.steps.append(.remove(uca))
                case .edited(let rest):
                    plan.steps.append(
                        .write(path: uca, bytes: rest, mode: mode(of: uca), verb: "take sharevia's action out of")
                    )
                }
            } catch {
                throw thunarRefusal(uca, error)
            }
        }
        let record = (try? read(folders.record, limit: DesktopIntegrationRecord.byteLimit))
            .flatMap { $0 }.flatMap(DesktopIntegrationRecord.decode)
        if kind(of: folders.record) == S_IFREG { plan.steps.append(.remove(folders.record)) }
        plan.steps += (record?.createdFolders ?? []).reversed().map(Step.removeFolder)
        return plan
    }

    // MARK: Steps

    /// Writes sharevia's own file at `path`, unless it is there already or is not sharevia's.
    private static func ownFile(_ path: String, text: [UInt8], mode: UInt16) throws(Refusal) -> Step {
        switch kind(of: path) {
        case nil: return .write(path: path, bytes: text, mode: mode, verb: "write")
        case S_IFREG?: break
        default:
            throw Refusal(
                message: "\(path) is not a regular file; move it away, then run 'sharevia integrate desktop' again"
            )
        }
        let current = try read(path, limit: ownFileLimit) ?? []
        guard contains(current, DesktopIntegrationTexts.marker) else {
            throw Refusal(
                message: "\(path) exists and is not sharevia's (it has no \(DesktopIntegrationTexts.marker) line); "
                    + "move it away, then run 'sharevia integrate desktop' again"
            )
        }
        return current == text && Self.mode(of: path) == mode
            ? .unchanged(path) : .write(path: path, bytes: text, mode: mode, verb: "update")
    }

    /// Adds sharevia's action to uca.xml, keeping the user's.
    private static func thunarInstall(_ path: String, action: String) throws(Refusal) -> Step {
        let existing: [UInt8]?
        switch kind(of: path) {
        case nil: existing = nil
        case S_IFREG?: existing = try read(path, limit: ThunarActionsDocument.byteLimit)
        default:
            throw Refusal(
                message: "\(path) is not a regular file (a symlink?); sharevia changes only a regular uca.xml: "
                    + "add the action in Thunar (Edit → Configure custom actions) instead"
            )
        }
        do throws(ThunarActionsError) {
            guard let merged = try ThunarActionsFile.adding(action, to: existing) else { return .unchanged(path) }
            guard merged.count <= ThunarActionsDocument.byteLimit else {
                throw ThunarActionsError(
                    line: 0,
                    problem: "with sharevia's action it would be larger than 1 MiB (sharevia's limit for uca.xml)"
                )
            }
            guard let existing else { return .write(path: path, bytes: merged, mode: 0o644, verb: "write") }
            let theirs = try ThunarActionsDocument.read(existing).actions
                .filter { $0.uniqueID != ThunarActionsFile.uniqueID }.count
            return .write(
                path: path,
                bytes: merged,
                mode: mode(of: path),
                verb: "merge sharevia's action (your \(theirs) action\(theirs == 1 ? "" : "s") stay) into"
            )
        } catch {
            throw thunarRefusal(path, error)
        }
    }

    private static func thunarRefusal(_ path: String, _ error: ThunarActionsError) -> Refusal {
        Refusal(
            message: "\(path) is not a uca.xml sharevia can change: \(error.description); "
                + "it is left as it was: fix it (or move it away), then run 'sharevia integrate desktop' again"
        )
    }

    // MARK: The file system

    /// The folders above `path` that don't exist yet (and are not in `planned`), parents first.
    private static func missingFolders(for path: String, after planned: [String]) -> [String] {
        var missing: [String] = []
        var folder = parent(of: path)
        while !folder.isEmpty, kind(of: folder) == nil, !planned.contains(folder) {
            missing.insert(folder, at: 0)
            folder = parent(of: folder)
        }
        return missing
    }

    /// Refuses a path whose nearest existing folder above it is not a folder (following symlinks).
    private static func requireFolder(above path: String) throws(Refusal) {
        var folder = parent(of: path)
        while !folder.isEmpty, kind(of: folder) == nil { folder = parent(of: folder) }
        guard !folder.isEmpty else { return }
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw Refusal(
                message: "\(folder) is not a folder, so \(path) can't be written there; move it away, "
                    + "then run 'sharevia integrate desktop' again"
            )
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `S_IFREG`, `S_IFDIR`… for what is at `path` (not following a symlink), or nil when nothing is.
    static func kind(of path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// The permission bits of `path`.
    static func mode(of path: String) -> UInt16 {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt16(info.st_mode & 0o7777) : 0o644
    }

    /// The bytes of the regular file at `path`, at most `limit`; nil when there is none.
    ///
    /// - Throws: ``Refusal`` naming the file when it is larger or can't be read.
    static func read(_ path: String, limit: Int) throws(Refusal) -> [UInt8]? {
        guard kind(of: path) == S_IFREG else { return nil }
        do throws(InputFileError) {
            let input = try InputFile(path: path)
            try input.requireReadable(allowingPipes: false)
            return try input.readAll(limit: InputLimit(bytes: limit, rule: "sharevia's limit for this file"))
        } catch {
            throw Refusal(
                message:
                    "\(error.message); it is left as it was: move it away, then run 'sharevia integrate desktop' again"
            )
        }
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if Array(bytes[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}
