import ShareCore
import ShareHistory

/// What the `outbox` commands share: the environment, the store, and the wording of their errors.
enum OutboxCommands {
    /// The process's environment, read once per command.
    static func environment() -> ShareEnvironment { ShareEnvironment(ProcessEnvironment.variables()) }

    /// The outbox database's path.
    ///
    /// - Throws: ``CommandFailure`` (internal error) when neither `XDG_STATE_HOME` nor `HOME` is set.
    static func path(environment: ShareEnvironment) throws -> String {
        guard let path = HistoryLocation.path(environment: environment) else {
            StandardStreams.printError(
                "error: the outbox lives in the state folder, and there is none: set XDG_STATE_HOME or HOME"
            )
            throw CommandFailure(exitCode: ShareviaExitCode.internalError, message: "no state folder")
        }
        return path
    }

    /// Runs `body` with the outbox `flag` names (`--outbox`), else the environment's or the config file's, else
    /// the history database (see ``OutboxLocation``), with the config file's `outbox.*` and how long one delivery
    /// may take (`share.timeout`, else 30 s): the config file named by `SHAREVIA_CONFIG`, else the default one.
    /// (Each item is sent with the config file it was queued with.)
    ///
    /// For the history database, the shares spooled for history are imported first, as `history` imports them, its
    /// warnings on standard error; a spool that can't be imported is a warning too (the files stay for the next
    /// import), not the outbox's failure. A PostgreSQL outbox in a program that doesn't link its backend hands the
    /// whole command over to `sharevia-outbox-postgres` (``OutboxHandover``).
    ///
    /// - Throws: ``CommandFailure`` (usage) for a config file with errors or an outbox URL that can't be read,
    ///   (internal) without a state folder or when the outbox can't be reached; or what `body` throws.
    static func withQueue<Value: Sendable>(
        outbox flag: String?,
        _ body: (any OutboxQueue, OutboxContext) async throws -> Value
    ) async throws -> Value {
        let environment = environment()
        var routing = RouterSettings()
        routing = routing.layered(over: try routing.loadConfig(environment: environment), environment: environment)
        var ignored: [SettingError] = []  // checked when the config file was read
        let settings = OutboxSettings.values(reading: routing.reader(environment: environment), problems: &ignored)
        let location = try OutboxLocation.resolve(
            flag: flag,
            environment: environment,
            configSecrets: routing.configSecrets
        )
        let context = OutboxContext(
            environment: environment,
            timeout: routing.deliveryTimeout(environment: environment),
            settings: settings,
            location: location
        )
        let schedule = OutboxSchedule(maxAge: settings.maxAge)
        switch location {
        case .file(let path):
            if path == HistoryLocation.path(environment: environment),
                let error = HistoryCommandSupport.importSpool(HistoryStore(path: path, durability: .normal))
            {
                StandardStreams.printError("warning: history: the spooled shares were not imported: \(error)")
            }
            return try await body(SQLiteOutboxQueue(store: OutboxStore(path: path, schedule: schedule)), context)
        case .database(let url):
            guard let backend = ShareviaMain.outboxBackends.postgres else {
                try OutboxHandover.handOver(environment: environment)
            }
            do {
                return try await backend.withQueue(url: url, schedule: schedule) { queue in
                    try await body(queue, context)
                }
            } catch let error as OutboxQueueError {
                // Its words name the outbox already.
                guard error.code == "password-missing" else { throw failure(error.message) }
                throw failure(
                    error.message + ": give it in the URL, \(OutboxSettings.passwordVariable), the config file's "
                        + "outbox.password_file or password_env, the keyring ('sharevia outbox password --outbox URL'), "
                        + "or PGPASSWORD"
                )
            }
        }
    }

    /// Prints `error: message` and returns the failure to throw (exit 1).
    static func failure(_ message: String) -> CommandFailure {
        StandardStreams.printError("error: \(message)")
        return CommandFailure(exitCode: ShareviaExitCode.internalError, message: message)
    }

    /// The item numbered `id`.
    ///
    /// - Throws: ``CommandFailure`` (usage) when there is none, naming the command that lists them.
    static func item(_ id: Int64, in queue: any OutboxQueue) async throws -> OutboxItem {
        let found: OutboxItem?
        do throws(OutboxQueueError) {
            found = try await queue.item(id)
        } catch {
            throw failure("the outbox can't be read: \(error)")
        }
        guard let found else {
            throw usageFailure("the outbox has no item \(id); 'sharevia outbox' lists them")
        }
        return found
    }
}

/// What an outbox command knows besides the queue: the environment, a delivery's timeout, the config file's
/// `outbox.*`, and where the outbox is.
struct OutboxContext: Sendable {
    var environment: ShareEnvironment
    var timeout: Duration
    var settings: OutboxSettings.Values
    var location: OutboxLocation
}
