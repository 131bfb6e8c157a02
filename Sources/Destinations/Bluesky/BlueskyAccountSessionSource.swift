import Accounts
import HTTPTransport
import ShareCore

/// A session of an account signed in before (the command line's `login bluesky`), whose refresh token the
/// account store keeps (in the keyring, or an owner-only file).
///
/// 1. The first ``session(client:)`` reads the stored refresh token and calls
///    `com.atproto.server.refreshSession` with it; never `createSession`, which needs the
///    password sharevia does not keep. Later calls, from any task, share that session.
/// 2. The answer's refresh token replaces the stored one at once with
///    ``AccountStore/save(account:token:)``: refresh tokens rotate, and the old one stops
///    working, so a rotation that is not saved signs the account out. If saving fails the
///    session still posts, and ``BlueskySession/notice`` says the account must sign in again.
/// 3. ``renewed(after:client:)`` refreshes again the same way (a session already renewed by
///    another task is returned as it is).
///
/// A refused refresh token (`ExpiredToken`, `InvalidToken`, 401) is `permanent` with
/// `sign-in-again`, its detail naming the handle (setting `bluesky.handle`) and the server, so the
/// command line can say which command signs in again.
package actor BlueskyAccountSessionSource: BlueskySessionSource {
    /// The account as the store listed it when the source was made.
    package nonisolated let account: Account
    /// The account as last saved: a save may move its token (to a file when the keyring stops
    /// answering), and the next read must look where it went.
    private var record: Account
    private let store: AccountStore
    private let calls: BlueskySessionCalls
    private var current: (session: BlueskySession, refreshToken: Secret)?
    private var pending: Task<Result<BlueskySession, ShareError>, Never>?

    /// A source for `account` of `store`, whose PDS is `server`.
    package init(account: Account, store: AccountStore, server: BlueskyServer, destination: DestinationID = "bluesky") {
        self.account = account
        self.record = account
        self.store = store
        self.calls = BlueskySessionCalls(server: server, destination: destination)
    }

    /// What to do when the stored sign-in is refused, in library terms.
    package nonisolated var signInAgain: String { "sign in to \(account.name) on \(calls.server) again" }

    /// The detail of an error that a new sign-in fixes: the handle (as the setting
    /// `bluesky.handle`) and the server, so a caller can name its own way of signing in.
    package nonisolated func signInDetail(found more: [String] = []) -> ShareError.Detail {
        .init(
            .signInAgain,
            setting: BlueskyCredentials.handle.key,
            value: account.name,
            found: [calls.server.description] + more
        )
    }

    package func session(client: HTTPClient) async throws(ShareError) -> BlueskySession {
        if let current { return current.session }
        return try await refresh(client: client)
    }

    package func renewed(after expired: BlueskySession, client: HTTPClient) async throws(ShareError) -> BlueskySession {
        if let current, current.session.accessToken != expired.accessToken { return current.session }
        return try await refresh(client: client)
    }

    // MARK: Inside

    private func refresh(client: HTTPClient) async throws(ShareError) -> BlueskySession {
        if let pending { return try await pending.value.get() }
        let stored: Secret
        if let current {
            stored = current.refreshToken
        } else {
            do throws(AccountStoreError) {
                stored = try store.token(for: record)
            } catch {
                throw storeError(error)
            }
        }
        let calls = self.calls
        let advice = signInAgain
        let detail = signInDetail()
        // Isolated to this actor, so the answer is kept before any other call reads `current`.
        let shared = Task { () async -> Result<BlueskySession, ShareError> in
            do throws(ShareError) {
                let answer = try await calls.refreshSession(
                    refreshToken: stored,
                    signInAgain: advice,
                    detail: detail,
                    client: client
                )
                return self.keep(answer)
            } catch {
                return .failure(error)
            }
        }
        pending = shared
        let result = await withTaskCancellationHandler {
            await shared.value
        } onCancel: {
            shared.cancel()
        }
        pending = nil
        return try result.get()
    }

    /// Saves the rotated refresh token and keeps the session.
    private func keep(_ answer: BlueskySessionAnswer) -> Result<BlueskySession, ShareError> {
        guard answer.did == account.id else {
            return .failure(
                ShareError(
                    .permanent,
                    destination: calls.destination,
                    message:
                        "\(calls.server) answered refreshSession for \(answer.did), not the signed-in account \(account.name) (\(account.id)); \(signInAgain)",
                    detail: signInDetail(found: [answer.did])
                )
            )
        }
        var session = BlueskySession(
            did: answer.did,
            handle: answer.handle,
            server: calls.server,
            accessToken: answer.accessToken
        )
        do throws(AccountStoreError) {
            record = try store.save(account: record, token: answer.refreshToken).account
        } catch {
            let redactor = SecretRedactor([answer.refreshToken, answer.accessToken])
            session.notice = redactor.redact(
                "the refreshed sign-in of \(account.name) could not be saved (\(error.message)); the server no longer accepts the old one, so \(signInAgain) before the next post"
            )
        }
        current = (session, answer.refreshToken)
        return .success(session)
    }

    private func storeError(_ error: AccountStoreError) -> ShareError {
        let code: ShareError.Code = error.code == .keyringUnavailable ? .unavailable : .permanent
        let detail: ShareError.Detail? = error.code == .tokenMissing ? signInDetail() : nil
        let advice = error.code == .tokenMissing ? "; \(signInAgain)" : ""
        return ShareError(
            code,
            destination: calls.destination,
            message: "can't read the stored sign-in of the Bluesky account \(account.name): \(error.message)\(advice)",
            detail: detail
        )
    }
}
