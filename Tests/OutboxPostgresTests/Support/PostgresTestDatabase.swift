import Foundation
import OutboxPostgres
import PostgresNIO
import ShareCore
import ShareHistory
import Testing

/// A database of its own for one test, on the throwaway PostgreSQL that scripts/test.sh starts
/// (scripts/postgres-test.sh): created empty, dropped after.
enum PostgresTestDatabase {
    /// The server's URL from `SHAREVIA_TEST_POSTGRES_URL`.
    /// - Throws: when the variable is not set: these tests never skip silently.
    static func serverURL() throws -> OutboxDatabaseURL {
        guard let text = ProcessInfo.processInfo.environment["SHAREVIA_TEST_POSTGRES_URL"], !text.isEmpty else {
            Issue.record(
                "SHAREVIA_TEST_POSTGRES_URL is not set: run scripts/test.sh, or start a PostgreSQL with `scripts/postgres-test.sh start DIR` and export the line it prints"
            )
            throw CancellationError()
        }
        return try OutboxDatabaseURL(parsing: text)
    }

    /// Runs `body` with the URL of a new empty database, dropped afterwards.
    static func with<Value: Sendable>(_ body: (OutboxDatabaseURL) async throws -> Value) async throws -> Value {
        let server = try serverURL()
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await admin(server) { connection in
            try await connection.sql(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        }
        var url = server
        url.database = name
        do {
            let value = try await body(url)
            try await drop(name, server: server)
            return value
        } catch {
            try? await drop(name, server: server)
            throw error
        }
    }

    /// Runs `body` on a connection of its own to `url`'s server, as its superuser, to the `postgres` database.
    @discardableResult
    static func admin<Value: Sendable>(
        _ url: OutboxDatabaseURL,
        database: String? = nil,
        _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let connection = try await PostgresConnection.connect(
            configuration: configuration(url, database: database),
            id: 1,
            logger: logger
        )
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// A connection's configuration for `url` (its own database unless another is named).
    static func configuration(_ url: OutboxDatabaseURL, database: String? = nil) -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: url.host,
            port: url.port,
            username: url.user,
            password: url.password?.revealed(),
            database: database ?? url.database,
            tls: .disable
        )
    }

    /// A client over `url`, run while `body` runs (no migration).
    static func client<Value: Sendable>(
        _ url: OutboxDatabaseURL,
        _ body: (PostgresClient) async throws -> Value
    ) async throws -> Value {
        let client = PostgresClient(
            configuration: PostgresClient.Configuration(
                host: url.host,
                port: url.port,
                username: url.user,
                password: url.password?.revealed(),
                database: url.database,
                tls: .disable
            ),
            backgroundLogger: logger
        )
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    static var logger: Logger {
        var logger = Logger(label: "sharevia.tests.postgres")
        logger.logLevel = .critical
        return logger
    }

    private static func drop(_ name: String, server: OutboxDatabaseURL) async throws {
        try await admin(server) { connection in
            try await connection.sql(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        }
    }
}

/// Requests and times the PostgreSQL outbox tests share.
enum PostgresFixtures {
    /// 2027-01-15 08:00:00 UTC, in microseconds.
    static let now: Int64 = 1_800_000_000_000_000
    static let second: Int64 = 1_000_000

    /// A request whose share id is made of `nonce`, with `attachments`.
    static func request(_ nonce: UInt64, attachments: [ShareAttachment] = []) -> OutboxRequest {
        OutboxRequest(
            content: ShareContent(
                title: "Night Owl",
                text: "Seven nights in a row #\(nonce)",
                link: "https://example.com/owl",
                hashtags: ["owl"],
                attachments: attachments,
                kind: ContentKind("achievement")
            ),
            options: ShareOptions(id: ShareID(microseconds: 1_799_999_990_000_000, nonce: nonce)),
            flags: ["mastodon-instance": ["https://example.social"]]
        )
    }

    /// A schedule whose random draws are always the top of the range.
    static let schedule = OutboxSchedule(random: { $0.upperBound })

    static func receipt(_ destination: DestinationID) -> DeliveryReceipt {
        DeliveryReceipt(destination: destination, outcome: .delivered, summary: "posted")
    }
}

extension PostgresConnection {
    /// Runs `query`, logging nothing.
    @discardableResult
    func sql(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await self.query(query, logger: PostgresTestDatabase.logger)
    }
}
