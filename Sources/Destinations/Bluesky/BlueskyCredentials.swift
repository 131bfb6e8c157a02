import Accounts
import HTTPTransport
import ShareCore

/// Bluesky's credential settings, and the session source they give.
///
/// The source, in this order:
/// 1. An app password from `SHAREVIA_BLUESKY_APP_PASSWORD`, else from the config file's
///    `bluesky.app_password_env` / `bluesky.app_password_file` (resolved by whoever read the file,
///    passed in `secrets`), with the handle from `SHAREVIA_BLUESKY_HANDLE` or `bluesky.handle`:
///    ``BlueskyPasswordSessionSource`` (createSession once per process).
/// 2. Else the account signed in on that PDS (the command line's `login bluesky`) (the one named by
///    the handle setting when several are): ``BlueskyAccountSessionSource`` (refreshSession with
///    the stored refresh token, the rotated one saved back).
/// 3. Else none: the destination hands off and says how to sign in.
package enum BlueskyCredentials {
    static let group = "Bluesky"

    /// The handle: with an app password, the account to sign in as; without one, which of the
    /// signed-in accounts to post as.
    package static let handle = ShareSetting(
        key: "bluesky.handle",
        variable: "SHAREVIA_BLUESKY_HANDLE",
        kind: .text,
        help:
            "Bluesky: the handle to post as (or SHAREVIA_BLUESKY_HANDLE): with an app password, the account it signs in to; without one, which of the accounts signed in on the PDS to use.",
        valueName: "handle",
        defaultWords: "(none: the only account signed in on the PDS)",
        summary: "the handle to post as, such as alice.bsky.social",
        group: group
    )

    /// The app password: a secret, from a variable or a file, never a flag.
    package static let appPassword = ShareSetting(
        key: "bluesky.app_password",
        variable: "SHAREVIA_BLUESKY_APP_PASSWORD",
        kind: .text,
        help:
            "Bluesky: an app password (xxxx-xxxx-xxxx-xxxx) for scripts and CI, from SHAREVIA_BLUESKY_APP_PASSWORD or the config's bluesky.app_password_env / bluesky.app_password_file; never the account's own password.",
        defaultWords: "(none: the account signed in on the PDS)",
        summary: "an app password: app_password_env or app_password_file (inline only in a 0600 file)",
        group: group,
        isSecret: true
    )

    /// Every setting of Bluesky's credentials, declared here only.
    package static let settings: [ShareSetting] = [handle, appPassword]

    /// The session source that `settings`, `secrets` and `environment` give for `server`, or nil
    /// when there are no credentials (the destination then hands off and says how to sign in).
    ///
    /// - Parameters:
    ///   - settings: Where the handle is read (a variable, then the config file).
    ///   - problems: Where a bad handle, a password without a handle, or a password that is
    ///     not an app password is added (the source is then nil).
    ///   - environment: Where `SHAREVIA_BLUESKY_APP_PASSWORD` and the state folder are read.
    ///   - server: The PDS.
    ///   - secrets: The config file's secrets, resolved, by key (`bluesky.app_password`).
    ///   - accounts: The account store; nil for the standard one of `environment`.
    package static func source(
        reading settings: SettingsReader,
        problems: inout [SettingError],
        environment: ShareEnvironment,
        server: BlueskyServer,
        secrets: [String: Secret] = [:],
        accounts: AccountStore? = nil
    ) -> (any BlueskySessionSource)? {
        let identifier = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(handle) { found in
                identifierProblem(found.text).map { .failure(SettingProblem($0)) }
                    ?? .success(normalizedIdentifier(found.text))
            }
        }
        var password: (secret: Secret, source: SettingSource)?
        if let variable = appPassword.variable, let secret = Secret(environment: environment, variable: variable),
            !secret.revealed().isEmpty
        {
            password = (secret, .variable(variable))
        } else if let key = appPassword.key, let secret = secrets[key] {
            password = (secret, .file(key, line: nil))
        }
        if let password {
            guard BlueskyAppPassword.isWellFormed(password.secret) else {
                problems.append(
                    SettingError(setting: appPassword, source: password.source, problem: BlueskyAppPassword.refusal)
                )
                return nil
            }
            guard let identifier else {
                if settings.value(handle) == nil {
                    problems.append(
                        SettingError(
                            setting: appPassword,
                            source: password.source,
                            problem:
                                "is set but no handle is: set SHAREVIA_BLUESKY_HANDLE or bluesky.handle to the account's handle"
                        )
                    )
                }
                return nil
            }
            return BlueskyPasswordSessionSource(identifier: identifier, password: password.secret, server: server)
        }
        return storedAccount(named: identifier, server: server, environment: environment, accounts: accounts)
    }

    /// Why `text` can't name a Bluesky account, or nil: a handle (`alice.bsky.social`, a leading
    /// `@` allowed) or a DID.
    package static func identifierProblem(_ text: String) -> String? {
        let name = normalizedIdentifier(text)
        if name.hasPrefix("did:") {
            return ATProtoSyntax.isDID(name) ? nil : "is not a DID (did:plc:... or did:web:...)"
        }
        return ATProtoSyntax.isHandle(name)
            ? nil
            : "is not a handle such as alice.bsky.social (letters, digits and '-', in at least two parts split by '.')"
    }

    /// The handle without a leading `@`, lowercased; a DID as written.
    package static func normalizedIdentifier(_ text: String) -> String {
        let trimmed = text.hasPrefix("@") ? String(text.dropFirst()) : text
        return trimmed.hasPrefix("did:") ? trimmed : trimmed.lowercased()
    }

    /// The account signed in on `server` (named `name` when given), as a source; a source that
    /// fails with the reason when the accounts can't be read or several match.
    static func storedAccount(
        named name: String?,
        server: BlueskyServer,
        environment: ShareEnvironment,
        accounts: AccountStore?
    ) -> (any BlueskySessionSource)? {
        let store: AccountStore
        if let accounts {
            store = accounts
        } else {
            do throws(AccountStoreError) {
                store = AccountStore(configuration: try .standard(environment: environment))
            } catch {
                return nil
            }
        }
        let candidates: [Account]
        do throws(AccountStoreError) {
            candidates = try store.accounts().filter {
                $0.network == .bluesky && $0.server.lowercased() == server.description
            }
        } catch {
            return BlueskyUnusableSessionSource(
                error: ShareError(
                    .unavailable,
                    destination: "bluesky",
                    message: "can't read the Bluesky accounts signed in: \(error.message)"
                )
            )
        }
        if let name {
            return candidates.first { $0.name.lowercased() == name || $0.id == name }.map {
                BlueskyAccountSessionSource(account: $0, store: store, server: server)
            }
        }
        guard candidates.count <= 1 else {
            let names = candidates.map(\.name)
            return BlueskyUnusableSessionSource(
                error: ShareError(
                    .unavailable,
                    destination: "bluesky",
                    message:
                        "\(candidates.count) Bluesky accounts are signed in on \(server) (\(names.joined(separator: ", "))); name the one to post as with the handle setting",
                    detail: .init(.choiceNeeded, setting: "handle", found: names)
                )
            )
        }
        return candidates.first.map { BlueskyAccountSessionSource(account: $0, store: store, server: server) }
    }
}

/// A source that can't give a session, and says why (the accounts file can't be read, several
/// accounts and none named).
struct BlueskyUnusableSessionSource: BlueskySessionSource {
    var error: ShareError

    func session(client: HTTPClient) async throws(ShareError) -> BlueskySession { throw error }

    func renewed(after expired: BlueskySession, client: HTTPClient) async throws(ShareError) -> BlueskySession {
        throw error
    }
}
