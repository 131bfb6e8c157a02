import Accounts
import ShareCore

/// What `sharevia accounts` and `sharevia logout` share: the store of this environment and the
/// wording of its errors for the command line.
enum AccountCommands {
    /// The account store for the process's environment.
    static func store() throws -> AccountStore {
        do throws(AccountStoreError) {
            return AccountStore(
                configuration: try .standard(environment: ShareEnvironment(ProcessEnvironment.variables()))
            )
        } catch {
            throw failure(error, store: nil)
        }
    }

    /// What a sign-in prints once ``AccountStore/save(account:token:)`` has saved the account:
    /// a line for stdout, and, when the token went to a file, the store's notice as a `note:`
    /// line for stderr. Never the token.
    static func savedLines(_ saved: AccountStore.Saved) -> (output: String, note: String?) {
        let account = saved.account
        let place = account.token == .keyring ? "in the keyring" : "in a file (see the note)"
        return (
            "Signed in to \(account.network.displayName) as \(account.name) on \(account.server); the token is \(place).",
            saved.notice.map { "note: \($0)" }
        )
    }

    /// Prints ``savedLines(_:)``.
    static func printSaved(_ saved: AccountStore.Saved) {
        let lines = savedLines(saved)
        StandardStreams.write(lines.output + "\n")
        if let note = lines.note { StandardStreams.printError(note) }
    }

    /// Prints `error` with what to do and returns the failure with its exit code.
    static func failure(_ error: AccountStoreError, store: AccountStore?) -> CommandFailure {
        let (code, advice) = exit(for: error, store: store)
        let message = advice.map { "\(error.message); \($0)" } ?? error.message
        StandardStreams.printError("error: \(message)")
        return CommandFailure(exitCode: code, message: message)
    }

    /// The exit code for an error, and what to do about it.
    static func exit(for error: AccountStoreError, store: AccountStore?) -> (Int32, String?) {
        switch error.code {
        case .noSuchAccount: return (ShareviaExitCode.usage, "'sharevia accounts' lists the accounts signed in")
        case .ambiguousAccount: return (ShareviaExitCode.usage, "choose one with --account NAME")
        case .invalidAccount, .invalidToken: return (ShareviaExitCode.usage, nil)
        case .damaged:
            let path = store?.accountsFile ?? "the accounts file"
            return (ShareviaExitCode.inputError, "move it away (mv \(path) \(path).bad) and sign in again")
        case .unsafeFile:
            return (ShareviaExitCode.inputError, "make it private to you (chmod 700 for a folder, 600 for a file)")
        case .keyringUnavailable:
            return (ShareviaExitCode.notDelivered, "unlock or start the keyring, then try again")
        default: return (ShareviaExitCode.internalError, nil)
        }
    }
}
