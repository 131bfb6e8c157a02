import Foundation
import OutboxPostgres
import PostgresNIO
import ShareCore
import ShareHistory
import Testing

/// A connection string's password never shows: not in an error's message, description or reflection.
struct PostgresOutboxSecretTests {
    static let canary = "CANARY-pw-7f3a9c"

    @Test func aWrongPasswordIsRefusedInTheServersWordsWithoutThePassword() async throws {
        let server = try PostgresTestDatabase.serverURL()
        let role = "canary_" + UUID().uuidString.lowercased().prefix(8)
        try await PostgresTestDatabase.admin(server) { connection in
            try await connection.sql(PostgresQuery(unsafeSQL: "CREATE ROLE \(role) LOGIN PASSWORD 'the-right-one'"))
        }
        let url = try OutboxDatabaseURL(
            parsing: "postgresql://\(role):\(Self.canary)@\(server.host):\(server.port)/postgres?sslmode=disable"
        )
        let error = await #expect(throws: PostgresOutboxError.self) {
            try await PostgresOutboxStore.withStore(url: url) { _ in }
        }
        try await PostgresTestDatabase.admin(server) { connection in
            try await connection.sql(PostgresQuery(unsafeSQL: "DROP ROLE IF EXISTS \(role)"))
        }
        let refused = try #require(error)
        #expect(refused.sqlState == "28P01")
        #expect(refused.serverWords?.contains("password authentication failed for user") == true)
        Self.expectNoCanary(in: refused, url: url)
    }

    @Test func aServerThatIsNotThereIsAConnectionErrorWithoutThePassword() async throws {
        let url = try OutboxDatabaseURL(parsing: "postgresql://app:\(Self.canary)@127.0.0.1:1/shares?sslmode=disable")
        let error = await #expect(throws: PostgresOutboxError.self) {
            try await PostgresOutboxStore.withStore(url: url) { _ in }
        }
        let refused = try #require(error)
        #expect(refused.code == .connection)
        Self.expectNoCanary(in: refused, url: url)
    }

    @Test func aServerErrorQuotingThePasswordIsRedacted() async throws {
        try await PostgresTestDatabase.with { server in
            var url = server
            url.password = Secret(Self.canary)
            try await PostgresOutboxStore.withStore(url: url) { store in
                // A statement failing with the password in the server's words (as a badly made query might).
                let error = await #expect(throws: PostgresOutboxError.self) {
                    try await store.run("testing") {
                        try await store.client.query(PostgresQuery(unsafeSQL: "SELECT '\(Self.canary)'::integer"))
                    }
                }
                let refused = try #require(error)
                #expect(refused.code == .server && refused.sqlState == "22P02")
                #expect(refused.serverWords == "invalid input syntax for type integer: \"<redacted>\"")
                Self.expectNoCanary(in: refused, url: url)
            }
        }
    }

    static func expectNoCanary(in error: PostgresOutboxError, url: OutboxDatabaseURL) {
        for text in [
            error.description, error.message, error.serverWords ?? "", String(reflecting: error), "\(error)",
            url.description, String(reflecting: url), "\(url)",
        ] {
            #expect(
                !text.contains(canary),
                "the password shows in: \(text.replacingOccurrences(of: canary, with: "<CANARY>"))"
            )
        }
    }
}
