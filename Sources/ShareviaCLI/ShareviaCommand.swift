import ArgumentParser
import Destinations
import Foundation
import ShareCore

/// The `sharevia` command: shares content to a destination, with subcommands for listing
/// destinations and for the image and text tools.
public struct ShareviaCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sharevia",
        abstract: "Share a card, text or link to Instagram Stories, X, email, the clipboard, a file and more.",
        version: ShareviaVersion.current,
        subcommands: [ShareCommand.self, DestinationsCommand.self, ImageCommand.self, TextCommand.self],
        defaultSubcommand: ShareCommand.self
    )

    public init() {}
}

/// The version `sharevia --version` prints.
public enum ShareviaVersion {
    public static let current = "0.1.0"
}

/// The command line's entry point, for the `sharevia` executable and for integrators who build
/// their own executable with extra destinations:
///
/// ```swift
/// // main.swift of an integrator's tool
/// import ShareviaCLI
/// await ShareviaMain.run(extraDestinations: { environment in [SlackDestination(environment: environment)] })
/// ```
public enum ShareviaMain {
    /// Builds the registry the commands use. A struct around the closure because a task-local of
    /// closure type crashes release builds of Swift 6.3.1 in `swift_task_localValuePush`.
    struct RegistryFactory: Sendable {
        let make: @Sendable (ShareEnvironment, String?) -> DestinationRegistry
    }

    /// The built-ins plus any extra destinations given to ``run(extraDestinations:)``.
    @TaskLocal static var registryFactory = RegistryFactory { environment, instance in
        DestinationRegistry.standard(environment: environment, mastodonInstance: instance)
    }

    /// The registry for this environment and Mastodon instance.
    static func makeRegistry(_ environment: ShareEnvironment, _ mastodonInstance: String?) -> DestinationRegistry {
        registryFactory.make(environment, mastodonInstance)
    }

    /// Parses the process arguments and runs the matching command, then exits.
    ///
    /// - Parameter extraDestinations: Destinations to register after the built-ins; they appear in
    ///   `sharevia destinations` and can be named in `--to`.
    public static func run(
        extraDestinations: @escaping @Sendable (ShareEnvironment) -> [any ShareDestination] = { _ in [] }
    ) async {
        if let bad = ArgumentEncoding.firstInvalidArgument() {
            StandardStreams.printError(
                "error: argument \(bad) is not valid UTF-8; pass text as UTF-8 (convert it with iconv -t UTF-8)"
            )
            exit(ShareviaExitCode.usage)
        }
        let factory = RegistryFactory { environment, instance in
            var registry = DestinationRegistry.standard(environment: environment, mastodonInstance: instance)
            for destination in extraDestinations(environment) {
                do throws(ShareError) {
                    try registry.register(destination)
                } catch {
                    StandardStreams.printError("warning: \(error.message)")
                }
            }
            return registry
        }
        await $registryFactory.withValue(factory) {
            do {
                var command = try ShareviaCommand.parseAsRoot()
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } catch let failure as CommandFailure {
                exit(failure.exitCode)
            } catch {
                ShareviaCommand.exit(withError: error)
            }
        }
    }
}
