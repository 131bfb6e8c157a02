import ArgumentParser
import Clipboard
import Destinations
import Foundation
import ShareCore

/// Options shared by the commands that build a router: which destinations count as unavailable,
/// where files go, how the clipboard behaves, timeouts.
struct RouterOptions: ParsableArguments {
    @Option(
        name: .customLong("unavailable"),
        help: ArgumentHelp(
            "Treat these destinations as unavailable (comma separated), to test fallbacks. Adds to SHAREVIA_UNAVAILABLE.",
            valueName: "dest,..."
        )
    )
    var unavailable: String?

    @Option(
        help: ArgumentHelp("Folder for the file export (default: $XDG_DATA_HOME/sharevia/shares).", valueName: "dir")
    )
    var out: String?

    @Option(help: "Clipboard selection to use: clipboard or primary.")
    var selection: ClipboardSelection = .clipboard

    @Flag(name: .customLong("no-verify"), help: "Don't read the clipboard back to confirm it holds the bytes.")
    var noVerify = false

    @Option(
        help: ArgumentHelp(
            "Mastodon server for the mastodon destination (or SHAREVIA_MASTODON_INSTANCE).",
            valueName: "host"
        )
    )
    var mastodonInstance: String?

    @Option(help: ArgumentHelp("Seconds one delivery may take before it counts as failed.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(help: "Retries after a transient failure, per destination.")
    var retries: Int = 2

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds")
        }
        guard (0...10).contains(retries) else { throw ValidationError("--retries must be between 0 and 10") }
        if let out, out.isEmpty { throw ValidationError("--out needs a folder path") }
    }

    /// The environment of this process.
    var environment: ShareEnvironment { ShareEnvironment(ProcessInfo.processInfo.environment) }

    /// Options passed to every destination.
    var requestOptions: [String: String] {
        var options: [String: String] = [
            ClipboardRequestOptions.selection: selection.rawValue,
            ClipboardRequestOptions.verify: noVerify ? "false" : "true",
        ]
        if let out { options[FileExportDestination.directoryOption] = Self.absolute(out) }
        return options
    }

    /// Destinations marked unavailable by the variable and the flag.
    var simulatedUnavailable: [DestinationID: String] {
        var marked = environment.simulatedUnavailable
        for (id, reason) in ShareEnvironment.parseUnavailable(unavailable ?? "", source: "--unavailable") {
            marked[id] = reason
        }
        return marked
    }

    /// The registry: the built-ins plus any an integrator added through ``ShareviaMain``.
    func registry() -> DestinationRegistry {
        ShareviaMain.makeRegistry(environment, mastodonInstance)
    }

    /// A router over the registry with these options.
    func router() -> ShareRouter {
        ShareRouter(
            registry: registry(),
            retryPolicy: RetryPolicy(maxAttempts: retries + 1, deliveryTimeout: .milliseconds(Int(timeout * 1000))),
            simulatedUnavailable: simulatedUnavailable,
            options: requestOptions
        )
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

extension ClipboardSelection: ExpressibleByArgument {}
