import ArgumentParser
import LocalFiles
import ProcessRunning
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `sharevia integrate desktop [--remove] [--dry-run]`: "Share with sharevia" in file managers,
/// for the current user.
struct IntegrateDesktopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop",
        abstract: "Add \"Share with sharevia\" to file managers for you (--remove takes it out again).",
        discussion: """
            Installs, for the current user (XDG_DATA_HOME, default ~/.local/share; XDG_CONFIG_HOME, \
            default ~/.config):
              applications/sharevia.desktop        Open With → Share with sharevia (any file manager)
              kio/servicemenus/sharevia.desktop    Dolphin: Share…, and Share to each available destination
              nautilus/scripts/Share with sharevia Nautilus: Scripts → Share with sharevia
              Thunar/uca.xml                       Thunar: a custom action, merged with yours

            Each runs this sharevia binary with 'share --pick --notify' (Dolphin's destinations with \
            'share --to ID --notify'). Running it again changes only what changed (a destination \
            became available). A file of the same name that is not sharevia's, a uca.xml that is not \
            well-formed XML or is over 1 MiB, or a symlink in the way stops it before anything is \
            written (exit status 65).

            --remove takes out exactly what it put in: files that carry sharevia's \
            X-Sharevia-Integration marker (a file whose marker you removed stays), sharevia's action \
            in uca.xml (the rest of the file stays byte for byte; a uca.xml sharevia created and that \
            holds nothing else is removed), and the folders it created, when they are empty. The \
            folders it created are recorded in $XDG_DATA_HOME/sharevia/desktop-integration.json.

            Files are written atomically. update-desktop-database refreshes the applications \
            folder's mimeinfo.cache when the folder has one and the tool is installed.

              sharevia integrate desktop --dry-run
              sharevia integrate desktop
              sharevia integrate desktop --remove
            """
    )

    @Flag(help: "Take out what 'sharevia integrate desktop' put in, and nothing else.")
    var remove = false

    @Flag(help: "Print each file and folder it would write, change or remove, and write nothing.")
    var dryRun = false

    func run() async throws {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        let folders = try DesktopFolders.resolve(environment)
        let plan: DesktopIntegrationPlan
        do {
            if remove {
                plan = try DesktopIntegrationPlan.remove(from: folders)
            } else {
                let binary = try Self.binaryPath()
                if binary.contains("%") {
                    StandardStreams.printError(
                        "warning: the sharevia binary's path \(binary) holds '%': the entry writes it as the "
                            + "Desktop Entry format says (%%), but GLib's file managers (Nautilus, Thunar, Nemo) "
                            + "don't load such an entry; install sharevia at a path without '%'"
                    )
                }
                let texts = DesktopIntegrationTexts(
                    binary: binary,
                    destinations: try await Self.availableDestinations()
                )
                plan = try DesktopIntegrationPlan.install(texts, into: folders)
            }
        } catch let refusal as DesktopIntegrationPlan.Refusal {
            StandardStreams.printError("error: \(refusal.message)")
            throw CommandFailure(exitCode: ShareviaExitCode.inputError, message: refusal.message)
        }
        if remove && plan.steps.isEmpty {
            StandardStreams.printError("(sharevia is not integrated here: nothing to remove)")
        }
        if dryRun {
            StandardStreams.write(plan.steps.map(\.line).joined(separator: "\n") + (plan.steps.isEmpty ? "" : "\n"))
            StandardStreams.printError("(dry run: nothing was written)")
            return
        }
        do throws(DesktopIntegrationPlan.Refusal) {
            let lines = try plan.apply()
            StandardStreams.write(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
        } catch {
            StandardStreams.printError("error: \(error.message)")
            throw CommandFailure(exitCode: ShareviaExitCode.internalError, message: error.message)
        }
        await Self.refreshApplicationsCache(folders, environment: environment)
    }

    /// The absolute path of the running `sharevia`, which the entries run.
    ///
    /// - Throws: ``DesktopIntegrationPlan/Refusal`` when it can't be found or holds a line break.
    static func binaryPath() throws(DesktopIntegrationPlan.Refusal) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else {
            throw .init(
                message: "can't find the sharevia binary's path (/proc/self/exe): \(String(cString: strerror(errno)))"
            )
        }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .init(
                message:
                    "the sharevia binary's path holds a control character (\(path.debugDescription)), which a menu entry can't run; move sharevia to a plain path"
            )
        }
        return path
    }

    /// The destinations available here, as `sharevia destinations` finds them.
    static func availableDestinations() async throws -> [DesktopIntegrationTexts.Destination] {
        try await DestinationsCommand.entries(settings: RouterSettings())
            .filter { $0.available && $0.shadowed != true }
            .map { .init(id: $0.id.rawValue, name: $0.name) }
    }

    /// Runs `update-desktop-database` quietly on the applications folder when that folder keeps a
    /// `mimeinfo.cache` (so none is created that would outlive `--remove`) and the tool is on PATH.
    /// Its failure changes nothing: desktops read the entries themselves too.
    static func refreshApplicationsCache(_ folders: DesktopFolders, environment: ShareEnvironment) async {
        let applications = DesktopIntegrationPlan.parent(of: folders.desktopEntry)
        guard DesktopIntegrationPlan.kind(of: applications + "/mimeinfo.cache") == S_IFREG,
            let tool = environment.executable(named: "update-desktop-database")
        else { return }
        _ = try? await ProcessRunner().run(tool, arguments: ["--quiet", applications], timeout: .seconds(30))
    }
}
