import Accounts
import ArgumentParser
import Destinations
import HTTPTransport
import ShareCore

/// `sharevia login mastodon --instance HOST`: registers sharevia as an app on the server, has the
/// person approve it in a browser (OAuth 2 with PKCE S256), exchanges the code for a token,
/// checks it with `verify_credentials` and saves the account and its token.
struct LoginMastodonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mastodon",
        abstract: "Sign in to a Mastodon server: approve sharevia in the browser, and the token is saved.",
        discussion: """
            1. GET /api/v2/instance tells the server's version, and so the scopes: write:statuses \
            write:media profile (read:accounts instead of profile before Mastodon 4.3).
            2. POST /api/v1/apps registers sharevia on the server.
            3. The authorize URL (with a PKCE S256 challenge and a random state) is printed, and \
            opened with xdg-open when there is a desktop session. Approve sharevia there.
            4. The code comes back by the redirect (see --redirect), and POST /oauth/token exchanges \
            it, with the PKCE verifier, for a token.
            5. GET /api/v1/accounts/verify_credentials says which account the token is for, and the \
            account is saved: the token in the desktop keyring (the Secret Service), or, where none \
            answers, in an owner-only file under $XDG_STATE_HOME/sharevia/ (sharevia says so).

            REDIRECT
              oob       (default) the page shows a code: paste it into the terminal, or pipe it
                        in (echo CODE | sharevia login mastodon ...). Works over SSH and
                        without a browser on this machine.
              loopback  the browser on this machine comes back to http://127.0.0.1:PORT/callback,
                        a listener sharevia opens for this sign-in only (one request, its state
                        checked), for at most --timeout seconds.

            The token, the client secret and the code are never printed.

              sharevia login mastodon --instance mastodon.social
              sharevia login mastodon --instance https://fosstodon.org --redirect loopback

            EXIT CODES
              0   signed in: the account and where its token went are printed
              4   not signed in: the server could not be reached, refused (its words are
                  quoted), failed or answered what is not Mastodon's API; the authorization
                  was declined, the redirect's state was wrong, no redirect came in time;
                  or the keyring refused the token
              64  usage error: an instance that is not HOST or https://HOST (plain http only
                  to 127.0.0.1 or localhost test servers), no code given
              65  the accounts file is damaged, or group or others can read it
              1   internal error
            """
    )

    /// How the authorization code comes back.
    enum Redirect: String, ExpressibleByArgument, CaseIterable {
        case oob
        case loopback
    }

    @Option(
        help: ArgumentHelp(
            "The Mastodon server: HOST or https://HOST (http://127.0.0.1:PORT for a test server).",
            valueName: "host"
        )
    )
    var instance: String

    @Option(help: "How the authorization code comes back: pasted (oob) or to a listener on 127.0.0.1 (loopback).")
    var redirect: Redirect = .oob

    @Option(
        help: ArgumentHelp("How long to wait for the browser's loopback redirect, in seconds.", valueName: "seconds")
    )
    var timeout: Int = 300

    @Flag(help: "Only print the authorize URL; don't open it with xdg-open.")
    var noBrowser = false

    @Flag(help: "Print the account as JSON.")
    var json = false

    func validate() throws {
        guard (1...3600).contains(timeout) else {
            throw ValidationError("--timeout must be 1 to 3600 seconds (got \(timeout))")
        }
    }

    /// What `--json` prints.
    struct Output: Encodable {
        var account: AccountsCommand.Entry
        /// The WebFinger name the server gave (`username` for a local account).
        var acct: String
        /// The profile page, when the server gave one.
        var url: String?
        /// The scopes the token was granted, as the server listed them.
        var scopes: [String]
        var accountsFile: String
    }

    func run() async throws {
        let origin: HTTPURL
        do throws(MastodonOAuthError) {
            origin = try MastodonOAuthInstance.origin(instance)
        } catch {
            throw usageFailure(error.message)
        }
        let store = try AccountCommands.store()
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        let signIn = MastodonOAuthSignIn(instance: origin)
        let account: MastodonOAuthAccount
        let token: MastodonOAuthToken
        do {
            let scopes = try await signIn.scopes()
            let listener = redirect == .loopback ? try MastodonOAuthLoopbackListener() : nil
            let redirectURI = listener?.redirect ?? .outOfBand
            let app = try await signIn.registerApp(redirect: redirectURI, scopes: scopes)
            let pkce = PKCE()
            let state = Self.randomState()
            let url = MastodonOAuthRequests.authorizeURL(
                instance: origin,
                clientID: app.clientID,
                redirect: redirectURI,
                scopes: scopes,
                pkce: pkce,
                state: state
            )
            StandardStreams.printError("Open this URL and approve sharevia on \(origin.host):\n\n  \(url)\n")
            if !noBrowser, let note = await AuthorizeURLOpener.open(url, environment: environment) {
                StandardStreams.printError("note: \(note)")
            }
            let code: Secret
            if let listener {
                StandardStreams.printError(
                    "Waiting up to \(timeout) s for the browser to come back to \(redirectURI.uri) ..."
                )
                code = try await listener.waitForCode(state: state, timeout: .seconds(timeout))
            } else {
                code = try Self.readCode()
            }
            token = try await signIn.exchange(code: code, app: app, redirect: redirectURI, pkce: pkce, scopes: scopes)
            account = try await signIn.verify(token: token.accessToken)
            let missing = ["write:statuses", "write:media"].filter {
                !token.scopes.isEmpty && !token.scopes.contains($0)
            }
            if !missing.isEmpty {
                StandardStreams.printError(
                    "note: the server did not grant \(missing.joined(separator: " ")): posting may be refused"
                )
            }
        } catch let error as MastodonOAuthError {
            throw Self.failure(error)
        }
        let record = Account(
            network: .mastodon,
            name: "\(account.username)@\(origin.host)",
            server: origin.origin,
            id: account.id
        )
        let saved: AccountStore.Saved
        do throws(AccountStoreError) {
            saved = try store.save(account: record, token: token.accessToken)
        } catch {
            throw AccountCommands.failure(error, store: store)
        }
        if json {
            let entry = AccountsCommand.Entry(
                network: saved.account.network.rawValue,
                name: saved.account.name,
                server: saved.account.server,
                id: saved.account.id,
                token: saved.account.token.rawValue,
                tokenFile: saved.account.token == .file ? store.tokenFile(for: saved.account) : nil
            )
            let output = Output(
                account: entry,
                acct: account.acct,
                url: account.url,
                scopes: token.scopes,
                accountsFile: store.accountsFile
            )
            StandardStreams.write(try JSONText.encode(output))
            if let note = AccountCommands.savedLines(saved).note { StandardStreams.printError(note) }
        } else {
            AccountCommands.printSaved(saved)
        }
    }

    /// The pasted or piped code.
    private static func readCode() throws -> Secret {
        let prompt = "Paste the code the page shows, then press Enter:"
        guard let line = try LoginCodeReader.read(prompt: prompt), !line.isEmpty else {
            throw usageFailure(
                "no authorization code was given: paste the code the page shows, or pipe it in (echo CODE | sharevia login mastodon ...)"
            )
        }
        guard line.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw usageFailure(
                "the authorization code must be printable ASCII without spaces; paste only the code the page shows"
            )
        }
        return Secret(line)
    }

    /// 128 random bits, base64url: the `state` a loopback redirect must carry back.
    static func randomState() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<2 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return Base64URL.encode(bytes)
    }

    /// Prints the sign-in's failure and returns it with its exit code.
    static func failure(_ error: MastodonOAuthError) -> CommandFailure {
        let code: Int32 =
            switch error.code {
            case .invalidInstance: ShareviaExitCode.usage
            case .listenFailed: ShareviaExitCode.internalError
            default: ShareviaExitCode.notDelivered
            }
        let advice = error.code == .listenFailed ? "; use --redirect oob" : ""
        let message = "not signed in: \(error.message)\(advice)"
        StandardStreams.printError("error: \(message)")
        return CommandFailure(exitCode: code, message: message)
    }
}
