import ArgumentParser
import Clipboard
import Destinations
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
            "How to reach the clipboard; x11 is sharevia's own X11 client (or SHAREVIA_CLIPBOARD_BACKEND).",
            valueName: "backend"
        )
    )
    var clipboardBackend: ClipboardDestination.BackendPreference?

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

    /// The environment of this process, with `--clipboard-backend` in place of
    /// `SHAREVIA_CLIPBOARD_BACKEND` when given.
    var environment: ShareEnvironment {
        var environment = ShareEnvironment(ProcessEnvironment.variables())
        if let clipboardBackend {
            environment[ClipboardDestination.BackendPreference.environmentVariable] = clipboardBackend.rawValue
        }
        return environment
    }

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
    var simulatedUnavailable: [DestinationID: String] { simulatedUnavailable(in: environment) }

    /// Destinations marked unavailable by the variable in `environment` and the flag.
    private func simulatedUnavailable(in environment: ShareEnvironment) -> [DestinationID: String] {
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
        let environment = environment  // copying the process environment costs a dictionary; once is enough
        return ShareRouter(
            registry: ShareviaMain.makeRegistry(environment, mastodonInstance),
            retryPolicy: RetryPolicy(maxAttempts: retries + 1, deliveryTimeout: .milliseconds(Int(timeout * 1000))),
            simulatedUnavailable: simulatedUnavailable(in: environment),
            options: requestOptions
        )
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

/// The requirements are spelled out, with the values ArgumentParser's defaults for a `String`-backed
/// `CaseIterable` enum give (`clipboard`, `primary`; no per-value descriptions), because the
/// defaults reach them through key paths and generic constraints that cost start-up time each time
/// the command line is parsed.
extension ClipboardSelection: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// Spelled out like ``ClipboardSelection``'s, and taking `auto` for ``automatic``.
extension ClipboardDestination.BackendPreference: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { self == .automatic ? "auto" : rawValue }
    public static var allValueStrings: [String] { allCases.map { $0 == .automatic ? "auto" : $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
