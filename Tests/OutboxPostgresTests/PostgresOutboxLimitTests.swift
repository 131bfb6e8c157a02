import Foundation
import OutboxPostgres
import PostgresNIO
import ShareCore
import ShareHistory
import Testing

/// The outbox's caps (``OutboxLimits``) on PostgreSQL: checked before anything is written, and again when a stored
/// request is read back, whatever the database holds.
struct PostgresOutboxLimitTests {
    typealias F = PostgresFixtures

    @Test func aRequestOverACapIsRefusedBeforeAnythingIsWritten() async throws {
        var request = F.request(1)
        request.content.text = String(repeating: "a", count: OutboxLimits.textBytes + 1)
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let error = await #expect(throws: PostgresOutboxError.self) {
                    try await store.enqueue(request, for: "mastodon", now: F.now)
                }
                #expect(error?.code == .tooLarge)
                #expect(error?.message.contains("text") == true)
                let items = try await store.items()
                #expect(items.isEmpty)
            }
        }
    }

    @Test func aStoredRequestOverItsCapIsReadAsRefusedNotLoaded() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let big = try await store.enqueue(F.request(1), for: "mastodon", now: F.now)
                let many = try await store.enqueue(F.request(2), for: "mastodon", now: F.now + 1)
                // A database changed behind sharevia's back: the schema's own checks dropped, rows over the caps.
                try await PostgresTestDatabase.admin(url, database: url.database) { connection in
                    try await connection.sql(
                        """
                        ALTER TABLE sharevia_outbox_items DROP CONSTRAINT sharevia_outbox_items_request_check
                        """
                    )
                    let oversized = ByteBuffer(repeating: UInt8(ascii: " "), count: OutboxLimits.requestBytes + 1)
                    try await connection.sql(
                        "UPDATE sharevia_outbox_items SET request = \(oversized) WHERE id = \(big.id)"
                    )
                    for position in 0...OutboxLimits.attachments {
                        try await connection.sql(
                            """
                            INSERT INTO sharevia_outbox_attachments (item_id, position, file_name, media_type, bytes)
                            VALUES (\(many.id), \(Int32(position)), 'a.png', 'image/png', '\\x00')
                            """
                        )
                    }
                }
                let claims = try await store.claim(owner: "a", leaseSeconds: 60, count: 5, now: F.now + 2)
                #expect(claims.count == 2)
                for claim in claims {
                    guard case .failure(let error) = claim.request else {
                        Issue.record("item \(claim.item.id)'s request over a cap was read")
                        continue
                    }
                    #expect(error.code == .overLimit)
                }
            }
        }
    }
}
