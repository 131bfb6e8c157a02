import OutboxPostgres
import ShareCore
import Testing

/// The PostgreSQL outbox's error codes keep their stable text (tests, JSON and the command line's advice read it).
struct PostgresOutboxErrorCodeTests {
    @Test func codesKeepTheirText() {
        let codes: [PostgresOutboxError.Code] = [
            .connection, .server, .newerSchema, .invalidRequest, .tooLarge, .damaged,
        ]
        #expect(
            codes.map(\.description) == [
                "connection", "server", "newer-schema", "invalid-request", "too-large", "damaged",
            ]
        )
        #expect(Set(codes).count == codes.count)
        let error = PostgresOutboxError(.server, "can't claim", serverWords: "deadlock detected", sqlState: "40P01")
        #expect(
            error.description == "postgres outbox: can't claim: the server said \"deadlock detected\" (SQLSTATE 40P01)"
        )
    }
}
