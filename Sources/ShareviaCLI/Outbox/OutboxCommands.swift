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

    /// The outbox store of this environment, with the config file's `outbox.max_age`, and how
    /// long one delivery may take (`share.timeout`, else 30 s): the config file named by
    /// `SHAREVIA_CONFIG`, else the default one. (Each item is sent with the config file it was
    /// queued with.)
    ///
    /// The shares spooled for history are imported into the same database first, as `history`
    /// imports them, its warnings on standard error; a spool that can't be imported is a warning
    /// too (the files stay for the next import), not the outbox's failure.
    ///
    /// - Throws: ``CommandFailure`` (usage) for a config file with errors, (internal) without a
    ///   state folder.
    static func store(environment: ShareEnvironment) throws -> (store: OutboxStore, timeout: Duration) {
        var routing = RouterSettings()
        routing.config = try routing.loadConfig(environment: environment).provider
        var ignored: [SettingError] = []  // checked when the config file was read
        let settings = OutboxSettings.values(reading: routing.reader(environment: environment), problems: &ignored)
        let path = try path(environment: environment)
        if let error = HistoryCommandSupport.importSpool(HistoryStore(path: path, durability: .normal)) {
            StandardStreams.printError("warning: history: the spooled shares were not imported: \(error)")
        }
        let store = OutboxStore(path: path, schedule: OutboxSchedule(maxAge: settings.maxAge))
        return (store, routing.deliveryTimeout(environment: environment))
    }

    /// Prints `error: message` and returns the failure to throw (exit 1).
    static func failure(_ message: String) -> CommandFailure {
        StandardStreams.printError("error: \(message)")
        return CommandFailure(exitCode: ShareviaExitCode.internalError, message: message)
    }

    /// The item numbered `id`.
    ///
    /// - Throws: ``CommandFailure`` (usage) when there is none, naming the command that lists them.
    static func item(_ id: Int64, in store: OutboxStore) throws -> OutboxItem {
        let found: OutboxItem?
        do throws(SQLiteError) {
            found = try store.item(id)
        } catch {
            throw failure("the outbox can't be read: \(error)")
        }
        guard let found else {
            throw usageFailure("the outbox has no item \(id); 'sharevia outbox' lists them")
        }
        return found
    }
}
