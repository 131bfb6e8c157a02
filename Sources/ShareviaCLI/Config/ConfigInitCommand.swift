import ArgumentParser
import AtomicFiles
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `sharevia config init`: writes a commented starting config where sharevia reads it, readable
/// by its owner only, and never over an existing file.
struct ConfigInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starting config file where sharevia reads it; never overwrites one.",
        discussion: """
            The file lists every setting, commented out, with what it does and its default. It is \
            created with mode 600 (its folder 700), since a secret written inline needs a file only \
            its owner can read. An existing file is left as it is (exit status 65).
            """
    )

    @Option(help: ArgumentHelp("The config file to write instead of the default.", valueName: "file"))
    var config: String?

    func run() async throws {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        guard let (path, _) = ConfigLocation.path(flag: config, environment: environment) else {
            throw usageFailure("no config file: neither SHAREVIA_CONFIG, XDG_CONFIG_HOME nor HOME is set")
        }
        let written = try Self.write(ConfigTemplate.text(), to: path)
        guard written else {
            StandardStreams.printError(
                "error: \(path) already exists; sharevia config init never overwrites it: "
                    + "edit it, or move it away and run 'sharevia config init' again"
            )
            throw CommandFailure(exitCode: ShareviaExitCode.inputError, message: "\(path) already exists")
        }
        StandardStreams.write(path + "\n")
        StandardStreams.printError("(written with every setting commented out; check it with 'sharevia config check')")
    }

    /// Writes `text` as a new file at `path` (mode 600), creating its folder (mode 700); false
    /// when something already has that name.
    ///
    /// - Throws: ``CommandFailure`` (usage) when the folder or the file can't be made.
    static func write(_ text: String, to path: String) throws -> Bool {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw usageFailure("can't create the folder \(folder) for the config file; check its permissions")
        }
        do throws(FileSystemError) {
            let open = try OpenFolder(folder)
            let file = try StagedFile(in: open, prefix: ".sharevia-tmp-config-", permissions: 0o600)
            try file.write(Array(text.utf8))
            return try file.publish(as: name)
        } catch {
            throw usageFailure("can't write \(path) (\(error.reason) while trying to \(error.step))")
        }
    }
}
