import PostgresNIO
import ShareCore
import ShareHistory

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outbox on PostgreSQL: the SQLite outbox's items, states, idempotency keys and "unknown" rules, in a
/// database that workers on any number of machines share (tables: ``PostgresOutboxSchema``).
///
/// A value over a `PostgresClient` the caller runs (or ``withStore(url:schedule:_:)``, which runs one).
/// Every call is one transaction of its own, except ``enqueue(_:for:failure:now:on:)``, which joins the
/// caller's.
///
/// ```swift
/// try await PostgresOutboxStore.withStore(url: url) { outbox in
///     let item = try await outbox.enqueue(request, for: "mastodon")
///     let claims = try await outbox.claim(owner: "host-1:4242", leaseSeconds: 60, count: 8)
/// }
/// ```
package struct PostgresOutboxStore: Sendable {
    /// The connection pool every call leases from.
    package let client: PostgresClient
    /// When items are tried again, and when they expire.
    package var schedule: OutboxSchedule
    /// Takes the connection string's password (and any other secret the caller knows) out of every error.
    package var redactor: SecretRedactor
    /// Where postgres-nio logs (nowhere unless the caller says).
    package var logger: Logger
    /// When claims last tidied the outbox up (see ``claim(owner:leaseSeconds:count:now:)``).
    let tidyUps = TidyUpSchedule()

    /// A store over `client`, which the caller runs (`client.run()` in a task of its own).
    /// - Parameters:
    ///   - secrets: Values never to show in an error, such as the connection's password.
    package init(
        client: PostgresClient,
        schedule: OutboxSchedule = OutboxSchedule(),
        secrets: [Secret] = [],
        logger: Logger? = nil
    ) {
        self.client = client
        self.schedule = schedule
        self.redactor = SecretRedactor(secrets)
        self.logger = logger ?? Self.silentLogger
    }

    /// A logger that logs nothing below `critical`.
    static var silentLogger: Logger {
        var logger = Logger(label: "sharevia.outbox.postgres")
        logger.logLevel = .critical
        return logger
    }

    /// The current time: microseconds since 1970, UTC.
    package static func now() -> Int64 { OutboxStore.now() }

    /// The columns an ``OutboxItem`` is read from, in ``PostgresItemRow``'s order.
    static let itemColumns =
        "id, share_id, destination, state, created_us, next_try_us, expires_us, tries, first_sent_us, last_error, last_error_code, receipt"

    /// Runs `body`, its errors as ``PostgresOutboxError`` (redacted), `doing` saying what it was doing: for
    /// statements of the caller's own on ``client``.
    @discardableResult
    package func run<Value>(
        _ doing: String,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> sending Value
    ) async throws(PostgresOutboxError) -> sending Value {
        do {
            return try await body()
        } catch {
            throw PostgresOutboxError.from(error, doing: doing, redactor: redactor)
        }
    }

    /// Brings the database's outbox schema up to ``PostgresOutboxSchema/latestVersion`` (see there).
    /// - Returns: The version it had before (0 for none).
    /// - Throws: ``PostgresOutboxError``: `newer-schema` (nothing changed), or the server's or connection's error.
    @discardableResult
    package func migrate() async throws(PostgresOutboxError) -> Int {
        try await run("can't bring the outbox's schema up to date") {
            try await client.withConnection { connection in
                try await PostgresOutboxSchema.migrate(connection, logger: logger)
            }
        }
    }

    /// Connects to `url`, brings the schema up to date on a first connection of its own (so a wrong password or
    /// an unreachable server fails at once, in the server's words), then runs a client (a pool of up to
    /// `maximumConnections`) while `body` runs.
    /// - Throws: ``PostgresOutboxError``, or what `body` throws.
    package static func withStore<Value: Sendable>(
        url: OutboxDatabaseURL,
        schedule: OutboxSchedule = OutboxSchedule(),
        maximumConnections: Int = 20,
        _ body: (PostgresOutboxStore) async throws -> Value
    ) async throws -> Value {
        let logger = silentLogger
        let redactor = SecretRedactor(url.password.map { [$0] } ?? [])
        do {
            let connection = try await PostgresConnection.connect(
                configuration: PostgresConnection.Configuration(
                    host: url.host,
                    port: url.port,
                    username: url.user,
                    password: url.password?.revealed(),
                    database: url.database,
                    tls: try {
                        switch url.tls {
                        case .disable: .disable
                        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
                        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                        }
                    }()
                ),
                id: 0,
                logger: logger
            )
            do {
                _ = try await PostgresOutboxSchema.migrate(connection, logger: logger)
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw PostgresOutboxError.from(error, doing: "can't open the outbox at \(url)", redactor: redactor)
        }
        var configuration = PostgresClient.Configuration(
            host: url.host,
            port: url.port,
            username: url.user,
            password: url.password?.revealed(),
            database: url.database,
            tls: {
                switch url.tls {
                case .disable: .disable
                case .prefer: .prefer(.makeClientConfiguration())
                case .require: .require(.makeClientConfiguration())
                }
            }()
        )
        configuration.options.maximumConnections = maximumConnections
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let store = PostgresOutboxStore(
            client: client,
            schedule: schedule,
            secrets: url.password.map { [$0] } ?? [],
            logger: logger
        )
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(store)
        }
    }
}
