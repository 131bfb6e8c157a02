import OutboxPostgres
import PostgresNIO
import ShareHistory
import Testing

/// The schema's migrations on a real PostgreSQL: from empty, again, at once from two connections, and refused
/// when the database is newer.
struct PostgresOutboxSchemaTests {
    @Test func migratesAnEmptyDatabaseAndAgainIsANoOp() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url) { store in
                // withStore migrated already: a second run finds the latest version and changes nothing.
                let again = try await store.migrate()
                let third = try await store.migrate()
                #expect(again == PostgresOutboxSchema.latestVersion && third == again)
            }
            let tables = try await Self.tables(url)
            #expect(
                tables == [
                    "sharevia_outbox_attachments", "sharevia_outbox_destinations", "sharevia_outbox_items",
                    "sharevia_outbox_schema",
                ]
            )
            #expect(try await Self.version(url) == PostgresOutboxSchema.latestVersion)
        }
    }

    @Test func twoConnectionsMigratingAtOnceApplyEachMigrationOnce() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresTestDatabase.client(url) { first in
                try await PostgresTestDatabase.client(url) { second in
                    let one = PostgresOutboxStore(client: first)
                    let other = PostgresOutboxStore(client: second)
                    async let a = one.migrate()
                    async let b = other.migrate()
                    // One found an empty database, the other (waiting on the advisory lock) the migrated one.
                    let versions = try await [a, b]
                    #expect(versions.sorted() == [0, PostgresOutboxSchema.latestVersion])
                }
            }
            #expect(try await Self.version(url) == PostgresOutboxSchema.latestVersion)
        }
    }

    @Test func aNewerSchemaIsRefusedAndLeftUnchanged() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url) { _ in }
            try await PostgresTestDatabase.admin(url, database: url.database) { connection in
                try await connection.sql("UPDATE sharevia_outbox_schema SET version = 99")
                try await connection.sql("DROP TABLE sharevia_outbox_destinations")
            }
            let before = try await Self.tables(url)
            let error = await #expect(throws: PostgresOutboxError.self) {
                try await PostgresOutboxStore.withStore(url: url) { _ in }
            }
            #expect(error?.code == .newerSchema)
            #expect(
                error?.description.contains("version 99, newer than the \(PostgresOutboxSchema.latestVersion)") == true
            )
            #expect(try await Self.version(url) == 99)
            #expect(try await Self.tables(url) == before)
        }
    }

    static func tables(_ url: OutboxDatabaseURL) async throws -> [String] {
        try await PostgresTestDatabase.admin(url, database: url.database) { connection in
            var names: [String] = []
            for try await name in try await connection.sql(
                "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            ).decode(String.self) {
                names.append(name)
            }
            return names
        }
    }

    static func version(_ url: OutboxDatabaseURL) async throws -> Int {
        try await PostgresTestDatabase.admin(url, database: url.database) { connection in
            var version = -1
            for try await found in try await connection.sql("SELECT version FROM sharevia_outbox_schema")
                .decode(Int.self)
            {
                version = found
            }
            return version
        }
    }
}
