import ArgumentParser
import Destinations
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `sharevia` command: shares content to a destination, with subcommands for listing
/// destinations and for the image and text tools.
public struct ShareviaCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sharevia",
        abstract: "Share a card, text or link to the clipboard, a file, X, Mastodon, Bluesky, Threads and more.",
        usage: """
            sharevia [share] --to <dest>[,<dest>...] [<file> ...] [--text <text>] [<share options>]
            sharevia <subcommand>
            """,
        discussion: """
            Sharing is the default command: 'sharevia --to x ...' is 'sharevia share --to x ...'. \
            Its options (--to, --text, --title, --url, --hashtag, --fallback, --dry-run, --json, --out \
            and every destination's) and the exit codes are in 'sharevia share --help'.

            A share falls back down a chain (by default: the destination you name, then the clipboard, then a \
            file export), so it is never lost.

              sharevia --to clipboard card.png
              sharevia --to x --text "Seven days in a row" --hashtag streak
              sharevia destinations
            """,
        version: ShareviaVersion.current,
        subcommands: [
            ShareCommand.self, DestinationsCommand.self, ImageCommand.self, TextCommand.self, SMSCommand.self,
            ConfigCommand.self,
            CardCommand.self, AccountsCommand.self, LoginCommand.self, LogoutCommand.self, HistoryCommand.self,
            StatsCommand.self, OutboxCommand.self, IntegrateCommand.self,
        ],
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
/// ShareviaMain.run(extraDestinations: { environment in [SlackDestination(environment: environment)] })
/// ```
public enum ShareviaMain {
    /// Builds the registry the commands use. A struct around the closure because a task-local of
    /// closure type crashes release builds of Swift 6.3.1 in `swift_task_localValuePush`.
    struct RegistryFactory: Sendable {
        /// Settings integrators' destinations read, after the built-ins'.
        var extraSettings: [ShareSetting] = []
        let make: @Sendable (DestinationContext, StandardDestinations.Plugins) -> DestinationRegistry

        /// The built-ins, then `extra`; an extra destination whose id is taken is skipped with a warning.
        static func standard(
            settings: [ShareSetting] = [],
            plus extra: @escaping @Sendable (DestinationContext) -> [any ShareDestination]
        ) -> Self {
            RegistryFactory(extraSettings: settings) { context, plugins in
                var registry = DestinationRegistry.standard(context: context, plugins: plugins)
                for destination in extra(context) {
                    do throws(ShareError) {
                        try registry.register(destination)
                    } catch {
                        StandardStreams.printError("warning: \(error.message)")
                    }
                }
                return registry
            }
        }
    }

    /// The built-ins plus any extra destinations given to ``run(extraDestinations:)``.
    @TaskLocal static var registryFactory = RegistryFactory { context, plugins in
        DestinationRegistry.standard(context: context, plugins: plugins)
    }

    /// The registry for this context and these plugins. What its destinations say is worded for
    /// this command line where it is printed (see ``ErrorAdvice``).
    static func makeRegistry(
        _ context: DestinationContext,
        _ plugins: StandardDestinations.Plugins
    ) -> DestinationRegistry {
        registryFactory.make(context, plugins)
    }

    /// Where routers built by the commands run their tasks: the executor the command runs on.
    @TaskLocal static var routerScheduling = RouterScheduling.standard

    /// What turns SIGINT and SIGTERM during a share into its cancellation; nil in process (tests).
    @TaskLocal static var interrupts: InterruptSignals?

    /// The outbox backends this program links beyond SQLite (``run(outboxBackends:)``).
    @TaskLocal static var outboxBackends = OutboxBackends()

    /// ``run(extraDestinations:)`` in a program that links more outbox backends: `sharevia-outbox-postgres`, to which
    /// `sharevia` hands a command that uses a PostgreSQL outbox.
    package static func run(outboxBackends: OutboxBackends) -> Never {
        $outboxBackends.withValue(outboxBackends) {
            run(settings: [], extraDestinations: { _ in [] })
        }
    }

    /// Parses the process arguments, runs the matching command and exits with its code.
    ///
    /// The command runs on the calling thread (a ``CallingThreadExecutor``), so a share starts no
    /// thread beyond those its destinations need.
    ///
    /// - Parameter extraDestinations: Destinations to register after the built-ins; they appear in
    ///   `sharevia destinations` and can be named in `--to`.
    public static func run(
        extraDestinations: @escaping @Sendable (ShareEnvironment) -> [any ShareDestination] = { _ in [] }
    ) -> Never {
        run(settings: [], extraDestinations: { context in extraDestinations(context.environment) })
    }

    /// Parses the process arguments, runs the matching command and exits with its code, with
    /// destinations that read settings of their own.
    ///
    /// The config file takes every key in `settings` (`sharevia config check` lists them), and
    /// `context.settings` resolves each: the environment variable it declares, then the file,
    /// then nil for the destination's default.
    ///
    /// - Parameters:
    ///   - settings: The settings the extra destinations read, each with its config key and variable.
    ///   - extraDestinations: Destinations to register after the built-ins, built from the context.
    public static func run(
        settings: [ShareSetting],
        extraDestinations: @escaping @Sendable (DestinationContext) -> [any ShareDestination]
    ) -> Never {
        if let bad = ArgumentEncoding.firstInvalidArgument() {
            StandardStreams.printError(
                "error: argument \(bad) is not valid UTF-8; pass text as UTF-8 (convert it with iconv -t UTF-8)"
            )
            exit(ShareviaExitCode.usage)
        }
        let arguments = CommandWords.movingLeadingConfig(Array(CommandLine.arguments.dropFirst()))
        // `sms count` needs no registry, no executor and no command tree: setting them up would
        // cost nearly as much as counting a megabyte (their generic types are looked up by name at
        // first use). Its one reader, driven by its options' declarations, reads it here.
        do {
            if let request = try SMSCountCommandLine.request(arguments) {
                switch request {
                case .count(let invocation): try invocation.run()
                case .print(let text): StandardStreams.write(text + "\n")
                }
                exit(0)
            }
        } catch {
            exit(exitStatus(for: error, wantsJSON: JSONErrorOutput.isRequested(in: arguments)))
        }
        let interrupts = InterruptSignals.start()
        let watch: (Task<Void, Never>) -> Void = { interrupts?.watch($0) }
        let backends = outboxBackends
        let status = CallingThreadExecutor.run(started: watch) { executor in
            await $outboxBackends.withValue(backends) {
                await $registryFactory.withValue(.standard(settings: settings, plus: extraDestinations)) {
                    await $routerScheduling.withValue(executor.routerScheduling) {
                        await $interrupts.withValue(interrupts) {
                            await DeclaredArguments.$shown.withValue(
                                DeclaredArguments.asksForCompletionScript(arguments)
                            ) {
                                await runCommand(arguments)
                            }
                        }
                    }
                }
            }
        }
        // A delivery the router gave up on (a timeout) may still be removing its temporary file.
        CancellableBlockingWork.waitForWorkInFlight(upTo: .seconds(2))
        exit(status)
    }

    /// Runs the command `arguments` name and returns its exit status; prints what it must.
    private static func runCommand(_ arguments: [String]) async -> Int32 {
        let wantsJSON = JSONErrorOutput.isRequested(in: arguments)
        do {
            if let shell = ShellCompletions.requestedShell(arguments) {
                // With the share command's completions at the top level, where it is the default.
                let script = ShareviaCommand.completionScript(for: shell)
                StandardStreams.write(ShellCompletions.script(for: shell, script) + "\n")
                return 0
            }
            if let request = try ShareCommandLine.request(arguments) {
                switch request {
                case .share(let invocation): try await invocation.run()
                case .destinations(let json, let routing):
                    try await DestinationsCommand.list(json: json, settings: routing)
                case .print(let text): StandardStreams.write(text + "\n")
                }
            } else {
                var command = try ShareviaCommand.parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            }
            return 0
        } catch {
            return exitStatus(for: error, wantsJSON: wantsJSON)
        }
    }

    /// The exit status for a command that threw `error`, after printing what it must (as JSON
    /// too when `wantsJSON`).
    private static func exitStatus(for error: any Error, wantsJSON: Bool) -> Int32 {
        switch error {
        case let failure as CommandLineFailure:
            if wantsJSON { JSONErrorOutput.write(message: failure.error.message, exitCode: ShareviaExitCode.usage) }
            StandardStreams.printError(failure.fullText)
            return ShareviaExitCode.usage
        case let failure as CommandFailure:
            if wantsJSON, let message = failure.message {
                JSONErrorOutput.write(message: message, exitCode: failure.exitCode)
            }
            return failure.exitCode
        case let code as ExitCode:
            // What `exit(withError:)` does with an ExitCode (print nothing, exit with it),
            // without first building the usage text it would throw away.
            return code.rawValue
        default:
            let exitCode = ShareviaCommand.exitCode(for: error).rawValue
            if wantsJSON && exitCode != 0 {  // not for --help or --version
                JSONErrorOutput.write(message: ShareviaCommand.message(for: error), exitCode: exitCode)
            }
            ShareviaCommand.exit(withError: error)
        }
    }
}
