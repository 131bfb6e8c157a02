import HTTPTransport
import ShareCore

/// A session from a handle and an app password (`SHAREVIA_BLUESKY_HANDLE` +
/// `SHAREVIA_BLUESKY_APP_PASSWORD`, or the config's references), for scripts and CI.
///
/// 1. The first ``session(client:)`` calls `com.atproto.server.createSession`; every later one,
///    from any task, gets the same session: one sign-in per process, however many posts
///    (createSession is limited to 30 calls per 5 minutes per account). Calls made while the
///    sign-in is under way wait for it.
/// 2. ``renewed(after:client:)`` calls `com.atproto.server.refreshSession` with the refresh
///    token the sign-in gave, and keeps the new pair. A session already renewed by another
///    task is returned as it is.
/// 3. Only when the server refuses the refresh token does it sign in with the password again.
///
/// A failed sign-in is not kept: the router's retry tries again.
package actor BlueskyPasswordSessionSource: BlueskySessionSource {
    /// The handle (or DID) signed in with.
    package nonisolated let identifier: String
    private let password: Secret
    private let calls: BlueskySessionCalls
    private var current: (session: BlueskySession, refreshToken: Secret)?
    private var pending: Task<Result<BlueskySession, ShareError>, Never>?
    /// How many times `createSession` was called, for tests.
    package private(set) var signIns = 0

    /// A source that signs in to `server` as `identifier` with `password`.
    package init(identifier: String, password: Secret, server: BlueskyServer, destination: DestinationID = "bluesky") {
        self.identifier = identifier
        self.password = password
        self.calls = BlueskySessionCalls(server: server, destination: destination)
    }

    package func session(client: HTTPClient) async throws(ShareError) -> BlueskySession {
        if let current { return current.session }
        return try await once(client: client) { calls, client async throws(ShareError) in
            try await self.signIn(calls, client)
        }
    }

    package func renewed(after expired: BlueskySession, client: HTTPClient) async throws(ShareError) -> BlueskySession {
        if let current, current.session.accessToken != expired.accessToken { return current.session }
        if let pending { return try await pending.value.get() }
        guard let refreshToken = current?.refreshToken else { return try await session(client: client) }
        return try await once(client: client) { calls, client async throws(ShareError) in
            let answer: BlueskySessionAnswer
            do throws(ShareError) {
                answer = try await calls.refreshSession(
                    refreshToken: refreshToken,
                    signInAgain: "signing in with the app password again",
                    client: client
                )
            } catch {
                // A refused refresh token: the password signs in again, once.
                guard error.detail?.code == .signInAgain else { throw error }
                return try await self.signIn(calls, client)
            }
            return await self.keep(answer)
        }
    }

    // MARK: Inside

    /// Runs `work` unless a call is under way, whose result every caller then shares.
    private func once(
        client: HTTPClient,
        _ work: @escaping @Sendable (BlueskySessionCalls, HTTPClient) async throws(ShareError) -> BlueskySession
    ) async throws(ShareError) -> BlueskySession {
        if let pending { return try await pending.value.get() }
        let calls = self.calls
        let task = Task { () async -> Result<BlueskySession, ShareError> in
            do throws(ShareError) {
                return .success(try await work(calls, client))
            } catch {
                return .failure(error)
            }
        }
        pending = task
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        pending = nil
        return try result.get()
    }

    private func signIn(_ calls: BlueskySessionCalls, _ client: HTTPClient) async throws(ShareError) -> BlueskySession {
        signIns += 1
        let answer = try await calls.createSession(identifier: identifier, password: password, client: client)
        return keep(answer)
    }

    private func keep(_ answer: BlueskySessionAnswer) -> BlueskySession {
        let session = BlueskySession(
            did: answer.did,
            handle: answer.handle,
            server: calls.server,
            accessToken: answer.accessToken
        )
        current = (session, answer.refreshToken)
        return session
    }
}
