/// Writes a ``HistoryRow`` with prepared statements and bound parameters.
enum HistoryWriter {
    static func insert(_ row: HistoryRow, into connection: SQLiteConnection) throws(SQLiteError) {
        try connection.run(
            """
            INSERT INTO shares (id, time_us, card_kind, card_theme, chain, outcome, delivered_by, exit_code,
                threads_long_text, requires_alt_text, content_text)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            """,
            [
                .text(row.id), .integer(row.microseconds), (row.card?.kind).sqlite, (row.card?.theme).sqlite,
                .text(row.chain), .text(row.outcome), row.deliveredBy.sqlite,
                row.exitCode.map(SQLiteValue.integer) ?? .null,
                .integer(row.threadsLongText ? 1 : 0), .integer(row.requiresAltText ? 1 : 0), row.text.sqlite,
            ]
        )
        let attempt = try connection.prepare(
            """
            INSERT OR IGNORE INTO attempts (share_id, position, time_us, destination, try, outcome, error_code,
                reason, duration_ms, fell_back, receipt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        )
        for (position, attemptRow) in row.attempts.enumerated() {
            try attempt.run([
                .text(row.id), .integer(Int64(position)), .integer(row.microseconds), .text(attemptRow.destination),
                .integer(attemptRow.attempt), .text(attemptRow.result), attemptRow.errorCode.sqlite,
                .text(attemptRow.reason),
                .real(attemptRow.durationMilliseconds), .integer(attemptRow.fellBack ? 1 : 0),
                attemptRow.receipt.sqlite,
            ])
        }
        let image = try connection.prepare(
            """
            INSERT OR IGNORE INTO share_images (share_id, position, media_type, alt_text, bytes)
            VALUES (?, ?, ?, ?, ?)
            """
        )
        for (position, kept) in row.images.enumerated() {
            try image.run([
                .text(row.id), .integer(Int64(position)), .text(kept.mediaType), kept.altText.sqlite,
                .blob(kept.bytes),
            ])
        }
    }
}
