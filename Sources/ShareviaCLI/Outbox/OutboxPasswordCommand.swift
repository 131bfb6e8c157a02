import Accounts
import ArgumentParser
import ShareCore
import ShareHistory

/// `sharevia outbox password --outbox URL [--remove]`: keeps a PostgreSQL outbox's password in the desktop keyring.
struct OutboxPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Keep a PostgreSQL outbox's password in the keyring (read from the terminal or standard input).",
        discussion: """
            The password is stored in the Secret Service keyring under the URL without a password \
            (service=sharevia network=outbox account=URL), and used when the URL holds none and \
            neither SHAREVIA_OUTBOX_PASSWORD nor outbox.password_env or _file gives one. It is never \
            printed.

              sharevia outbox password --outbox postgresql://app@db.internal/shares
              printf '%s\\n' "$PW" | sharevia outbox password --outbox postgresql://app@db.internal/shares
              sharevia outbox password --outbox postgresql://app@db.internal/shares --remove

            EXIT CODES
              0   stored (or removed)
              64  usage error: no URL, not a PostgreSQL URL, or no password given
              1   internal error: no keyring answers, or it refused
            """
    )

    @Option(help: ArgumentHelp("The PostgreSQL outbox: postgresql://USER@HOST[:PORT]/DATABASE.", valueName: "url"))
    var outbox: String

    @Flag(help: "Remove the stored password instead.")
    var remove = false

    func run() async throws {
        let environment = OutboxCommands.environment()
        guard OutboxDatabaseURL.isPostgres(outbox) else {
            throw usageFailure("--outbox: give postgresql://USER@HOST[:PORT]/DATABASE; a SQLite outbox has no password")
        }
        var url: OutboxDatabaseURL
        do {
            url = try OutboxDatabaseURL(parsing: outbox)
        } catch {
            throw usageFailure("--outbox: \(error)")
        }
        url.password = nil
        if let problem = SecretServiceKeyring.busProblem(environment: environment) {
            throw OutboxCommands.failure("no keyring: \(problem)")
        }
        let keyring = SecretServiceKeyring()
        if remove {
            switch keyring.clear(network: OutboxKeyring.network, account: url.description) {
            case .success(let removed):
                StandardStreams.printError(
                    removed ? "removed the password of \(url)" : "no password was stored for \(url)"
                )
            case .failure(let failure):
                throw OutboxCommands.failure("the keyring: \(failure.reason)")
            }
            return
        }
        let password = try await readPassword(for: url)
        switch keyring.store(
            password,
            network: OutboxKeyring.network,
            account: url.description,
            label: "sharevia outbox \(url)"
        ) {
        case .success: StandardStreams.printError("stored the password of \(url) in the keyring")
        case .failure(let failure): throw OutboxCommands.failure("the keyring: \(failure.reason)")
        }
    }

    private func readPassword(for url: OutboxDatabaseURL) async throws -> Secret {
        let interrupts = ShareviaMain.interrupts
        let read = {
            SecretLineInput.read(
                prompt: "Password for \(url): ",
                isCancelled: { Task.isCancelled || interrupts?.received != nil }
            )
        }
        let result = await interrupts?.cancellingOnSignal { read() } ?? read()
        switch result {
        case .success(let line): return Secret(String(decoding: line, as: UTF8.self))
        case .failure(.cancelled): throw ExitCode(128 + (interrupts?.received ?? 2))
        case .failure(.empty):
            throw usageFailure("no password was given: type it when asked, or pipe it on standard input")
        case .failure(.tooLong):
            throw usageFailure("the password is longer than \(SecretLineInput.maximumBytes) bytes")
        case .failure(.failed(let reason)): throw OutboxCommands.failure("can't read the password: \(reason)")
        }
    }
}
