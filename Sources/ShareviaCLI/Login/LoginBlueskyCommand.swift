import Accounts
import ArgumentParser
import Destinations
import HTTPTransport
import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// `sharevia login bluesky --handle HANDLE [--pds URL]`: signs in with an app password and keeps
/// the refresh token, so that later shares refresh the session instead of signing in again.
struct LoginBlueskyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bluesky",
        abstract: "Sign in to Bluesky with an app password and keep the sign-in for posting.",
        discussion: """
            The app password is read from the terminal without echo, or from standard input when it is \
            piped (one line of at most 256 bytes). Only an app password is taken, which has the form \
            xxxx-xxxx-xxxx-xxxx: create one in Bluesky under Settings -> Privacy and security -> App \
            passwords. It can post but not change or delete the account, and it needs no email sign-in \
            code. Anything else is refused before a request is sent.

            sharevia calls com.atproto.server.createSession once and keeps the refresh token it answers \
            (not the password) in the desktop keyring, or in an owner-only file in \
            $XDG_STATE_HOME/sharevia/tokens/ where no keyring answers. A share refreshes the session \
            with it (com.atproto.server.refreshSession) and saves the new one the server gives; a \
            refresh token that expires or is revoked means signing in again. For scripts and CI, \
            SHAREVIA_BLUESKY_HANDLE and SHAREVIA_BLUESKY_APP_PASSWORD work without signing in.

              sharevia login bluesky --handle alice.bsky.social
              printf '%s\\n' "$APP_PASSWORD" | sharevia login bluesky --handle alice.bsky.social --json

            EXIT CODES
              0   signed in and saved
              4   not signed in: the PDS refused the handle or app password, asked for an
                  email code, rate-limited the sign-in, or could not be reached (the
                  message quotes the server); or the keyring can't be reached
              64  usage error: a bad handle or PDS, no app password, or one that is not
                  of the form xxxx-xxxx-xxxx-xxxx
              65  the accounts file is damaged, or group or others can read it
              130 interrupted by SIGINT (143: SIGTERM); the terminal's echo is restored
              1   internal error
            """
    )

    @Option(help: ArgumentHelp("The account's handle, such as alice.bsky.social (or its DID).", valueName: "handle"))
    var handle: String

    @Option(
        help: ArgumentHelp(
            "The account's PDS: https://HOST[:PORT], or http://127.0.0.1:PORT or http://localhost:PORT for a test server (default: SHAREVIA_BLUESKY_PDS, else https://bsky.social).",
            valueName: "url"
        )
    )
    var pds: String?

    @Flag(help: "Print the account signed in as JSON.")
    var json = false

    /// What `--json` prints.
    struct Output: Encodable {
        var account: AccountsCommand.Entry
        /// Set when the token went to a file: which, and why no keyring took it.
        var notice: String?
    }

    func run() async throws {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        if let problem = BlueskyCredentials.identifierProblem(handle) {
            throw usageFailure("--handle \(problem)")
        }
        let identifier = BlueskyCredentials.normalizedIdentifier(handle)
        let server: BlueskyServer
        do throws(BlueskyRecordError) {
            server = try BlueskyServer(pds ?? environment[BlueskyServer.variable] ?? BlueskyServer.standard.description)
        } catch {
            throw usageFailure((pds == nil ? BlueskyServer.variable : "--pds") + " " + error.message)
        }
        let store = try AccountCommands.store()
        let password = try await readPassword(for: identifier)
        let answer: BlueskySessionAnswer
        do throws(ShareError) {
            answer = try await Self.cancellable {
                () async throws(ShareError) -> BlueskySessionAnswer in
                try await BlueskySessionCalls(server: server).createSession(
                    identifier: identifier,
                    password: password,
                    client: HTTPClient(.init(connectTimeout: .seconds(10), deadline: .seconds(30)))
                )
            }
        } catch {
            if error.code == .cancelled, let signal = ShareviaMain.interrupts?.received {
                throw Self.interrupted(signal)
            }
            StandardStreams.printError("error: not signed in: \(error.message)")
            throw CommandFailure(exitCode: ShareviaExitCode.notDelivered, message: "not signed in: \(error.message)")
        }
        let saved: AccountStore.Saved
        do throws(AccountStoreError) {
            saved = try store.save(
                account: Account(network: .bluesky, name: answer.handle, server: server.description, id: answer.did),
                token: answer.refreshToken
            )
        } catch {
            throw AccountCommands.failure(error, store: store)
        }
        if json {
            let account = saved.account
            let entry = AccountsCommand.Entry(
                network: account.network.rawValue,
                name: account.name,
                server: account.server,
                id: account.id,
                token: account.token.rawValue,
                tokenFile: saved.tokenFile
            )
            StandardStreams.write(try JSONText.encode(Output(account: entry, notice: saved.notice)))
            if let notice = saved.notice { StandardStreams.printError("note: \(notice)") }
        } else {
            AccountCommands.printSaved(saved)
        }
    }

    /// The app password from the terminal (no echo) or standard input, checked for its form.
    private func readPassword(for identifier: String) async throws -> Secret {
        let prompt = "Bluesky app password for \(identifier) (xxxx-xxxx-xxxx-xxxx): "
        let interrupts = ShareviaMain.interrupts
        let read = {
            SecretLineInput.read(prompt: prompt, isCancelled: { Task.isCancelled || interrupts?.received != nil })
        }
        let result = await interrupts?.cancellingOnSignal { read() } ?? read()
        let bytes: [UInt8]
        switch result {
        case .success(let line): bytes = line
        case .failure(.cancelled):
            throw Self.interrupted(interrupts?.received ?? SIGINT)
        case .failure(.empty):
            throw usageFailure(
                "no app password was given: type it when asked, or pipe it on standard input; \(BlueskyAppPassword.whereToCreate)"
            )
        case .failure(.tooLong):
            throw usageFailure(
                "the app password on standard input is longer than \(SecretLineInput.maximumBytes) bytes; an app password has the form xxxx-xxxx-xxxx-xxxx"
            )
        case .failure(.failed(let reason)):
            StandardStreams.printError("error: can't read the app password: \(reason)")
            throw CommandFailure(
                exitCode: ShareviaExitCode.internalError,
                message: "can't read the app password: \(reason)"
            )
        }
        let password = Secret(String(decoding: bytes, as: UTF8.self))
        guard BlueskyAppPassword.isWellFormed(password) else {
            throw usageFailure("the password given \(BlueskyAppPassword.refusal)")
        }
        return password
    }

    /// Runs `body` so that SIGINT or SIGTERM cancels it instead of ending the process.
    private static func cancellable<T>(
        _ body: () async throws(ShareError) -> T
    ) async throws(ShareError) -> T {
        guard let interrupts = ShareviaMain.interrupts else { return try await body() }
        let result = await interrupts.cancellingOnSignal { () async -> Result<T, ShareError> in
            do throws(ShareError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The command that signs the account of a Bluesky `sign-in-again` error in again, after
    /// `message`; nil for another network's error. The session sources name the account in the
    /// detail: the handle as the setting `bluesky.handle`, then the PDS.
    static func advice(_ message: String, _ detail: ShareError.Detail) -> String? {
        guard detail.setting == BlueskyCredentials.handle.key, let handle = detail.value else { return nil }
        let server = detail.found.first.flatMap { try? BlueskyServer($0) }
        let pds = server.map { $0 == .standard ? "" : " --pds \($0)" } ?? ""
        return "\(message) (run 'sharevia login bluesky --handle \(handle)\(pds)')"
    }

    /// The failure of an interrupted sign-in: exit 130 or 143, nothing saved.
    private static func interrupted(_ signal: Int32) -> CommandFailure {
        let message = "interrupted by \(InterruptSignals.name(of: signal)); not signed in, nothing was saved"
        StandardStreams.printError("error: \(message)")
        return CommandFailure(exitCode: 128 + signal, message: message)
    }
}
