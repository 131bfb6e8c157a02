import ShareCore
import ShareHistory

/// What `sharevia history` and `sharevia stats` share: the database, `--since`, and the exit
/// code of a database that can't be read.
enum HistoryCommandSupport {
    /// Reads `--since`, opens the store (``store()``) and reads it with `read`; a database error is
    /// printed and becomes the exit code (``failure(_:)``).
    /// - Throws: ``CommandFailure``.
    static func read<Value>(
        since text: String?,
        _ read: (HistoryStore, Int64?) throws(SQLiteError) -> Value
    ) throws -> (store: HistoryStore, since: Int64?, value: Value) {
        let since = try since(text)
        let store = try store()
        do {
            return (store, since, try read(store, since))
        } catch {
            throw failure(error)
        }
    }

    /// The end of both commands' help: what `--since` takes and the exit codes, 0 being `success`.
    static func sinceAndExitCodes(success: String) -> String {
        """
        --since takes \(HistorySince.accepted).

        EXIT CODES
          0   \(success)
          64  usage error (a bad --since)
          65  the database was written by a newer sharevia (it is left unchanged), or is damaged
          1   internal error (the database can't be opened)
        """
    }

    /// The store at `$XDG_STATE_HOME/sharevia/sharevia.sqlite`, with the shares spooled since
    /// the last read imported, brought up to date if an older sharevia wrote it.
    /// - Throws: ``CommandFailure`` (printed) when there is no state folder or the database is
    ///   refused.
    static func store() throws -> HistoryStore {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        guard let path = HistoryLocation.path(environment: environment) else {
            StandardStreams.printError("error: neither XDG_STATE_HOME nor HOME is an absolute path: set HOME")
            throw CommandFailure(exitCode: ShareviaExitCode.usage, message: "no state folder")
        }
        let store = HistoryStore(path: path, durability: .normal)
        if let error = importSpool(store) { throw failure(error) }
        do {
            try store.upgrade()
        } catch {
            throw failure(error)
        }
        return store
    }

    /// Imports the shares spooled beside `store`'s database (``HistoryStore/importSpool()``), its
    /// warnings on standard error: what every command that opens the database does first.
    /// - Returns: Why the spool could not be imported (the files stay for the next import).
    static func importSpool(_ store: HistoryStore) -> SQLiteError? {
        let imported = store.importSpool()
        for warning in imported.warnings { StandardStreams.printError("warning: \(warning.message)") }
        return imported.error
    }

    /// `--since` as microseconds, or nil when not given.
    /// - Throws: `ValidationError`-worded ``CommandFailure`` (usage).
    static func since(_ text: String?) throws -> Int64? {
        guard let text else { return nil }
        do throws(HistorySince.Problem) {
            return try HistorySince.microseconds(text, now: HistorySince.now())
        } catch {
            throw usageFailure("--since '\(text)' \(error.words)")
        }
    }

    /// Prints the database error and returns the failure to throw: 65 for a database that can't
    /// be read as it is (newer, damaged, over a cap), 1 otherwise.
    static func failure(_ error: SQLiteError) -> CommandFailure {
        let advice: String
        let code: Int32
        switch error.code {
        case .newerVersion:
            (advice, code) = ("", ShareviaExitCode.inputError)
        case .damaged:
            (advice, code) = (
                "; the next import or --keep-content share moves it aside and starts a new one (or move it away yourself)",
                ShareviaExitCode.inputError
            )
        case .tooLarge, .timedOut:
            (advice, code) = ("", ShareviaExitCode.inputError)
        default:
            (advice, code) = ("", ShareviaExitCode.internalError)
        }
        let message = "\(error)\(advice)"
        StandardStreams.printError("error: history: \(message)")
        return CommandFailure(exitCode: code, message: message)
    }

    /// `microseconds` since 1970 as `2026-11-26T14:40:05Z`.
    static func isoTime(_ microseconds: Int64) -> String {
        let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, second) = rest < 0 ? (days - 1, rest + 86_400) : (days, rest)
        let (y, m, d) = CivilCalendar.civil(fromDays: day)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(y)-\(two(m))-\(two(d))T\(two(second / 3_600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }

    /// The rows as columns two spaces apart, the last one unpadded.
    static func table(_ rows: [[String]]) -> String {
        AccountsCommand.table(rows)
    }
}
