import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HistoryStore {
    /// The shares `query` asks for, newest first, each with its attempts. Reads only: a missing
    /// database lists nothing, and no file is created or changed.
    /// - Throws: ``SQLiteError`` (`newer-version`, `damaged`, `too-large`, `timed-out`, ...).
    package func entries(_ query: HistoryQuery = HistoryQuery()) throws(SQLiteError) -> [HistoryEntry] {
        guard
            let connection = try HistoryDatabase.openForReading(
                path,
                deadlineMilliseconds: readDeadlineMilliseconds
            )
        else { return [] }
        let limit = max(0, min(query.limit, HistoryLimits.entries))
        let limits = SQLiteReadLimits(rows: limit, valueBytes: HistoryLimits.valueBytes)
        // `+attempts.destination` keeps SQLite from searching attempts by destination (all of a
        // destination's attempts for each share): a share's attempts are found by its id.
        let shares = try connection.rows(
            """
            SELECT id, time_us, card_kind, card_theme, chain, outcome, delivered_by, exit_code, content_text,
                (SELECT count(*) FROM share_images WHERE share_id = shares.id)
            FROM shares INDEXED BY shares_by_time
            WHERE time_us >= ?1
                AND (?2 IS NULL OR card_kind = ?2)
                AND (?3 IS NULL OR EXISTS (
                    SELECT 1 FROM attempts
                    WHERE attempts.share_id = shares.id AND +attempts.destination = ?3))
            ORDER BY time_us DESC, id DESC
            LIMIT ?4
            """,
            [
                .integer(query.sinceMicroseconds ?? Int64.min), query.cardKind.sqlite, query.destination.sqlite,
                .integer(Int64(limit)),
            ],
            limits: limits
        )
        let attempts = try connection.prepare(
            """
            SELECT destination, try, outcome, error_code, reason, duration_ms, fell_back, receipt
            FROM attempts WHERE share_id = ? ORDER BY position
            """
        )
        let attemptLimits = SQLiteReadLimits(rows: HistoryLimits.attempts, valueBytes: HistoryLimits.receiptBytes)
        var entries: [HistoryEntry] = []
        entries.reserveCapacity(shares.count)
        for share in shares {
            let id = share[0].text ?? ""
            let attemptRows = try attempts.rows([.text(id)], limits: attemptLimits)
            entries.append(
                HistoryEntry(
                    id: id,
                    microseconds: share[1].integer ?? 0,
                    card: share[2].text.map { HistoryCard(kind: $0, theme: share[3].text) },
                    chain: decodeChain(share[4].text),
                    outcome: share[5].text ?? "",
                    deliveredBy: share[6].text,
                    exitCode: share[7].integer,
                    text: share[8].text,
                    keptImages: share[9].integer ?? 0,
                    attempts: attemptRows.map { row in
                        HistoryEntry.Attempt(
                            destination: row[0].text ?? "",
                            attempt: row[1].integer ?? 0,
                            result: row[2].text ?? "",
                            errorCode: row[3].text,
                            reason: row[4].text ?? "",
                            durationMilliseconds: row[5].real ?? 0,
                            fellBack: row[6].integer ?? 0 != 0,
                            receipt: row[7].text
                        )
                    }
                )
            )
        }
        return entries
    }

    /// Statistics over the shares made at or after `sinceMicroseconds` (nil: all). Reads only.
    /// - Throws: ``SQLiteError`` (`newer-version`, `damaged`, `too-large`, `timed-out`, ...).
    package func statistics(sinceMicroseconds: Int64? = nil) throws(SQLiteError) -> HistoryStatistics {
        var statistics = HistoryStatistics(shares: 0, outcomes: [:], destinations: [], cardKinds: [])
        guard
            let connection = try HistoryDatabase.openForReading(
                path,
                deadlineMilliseconds: readDeadlineMilliseconds
            )
        else { return statistics }
        let since = SQLiteValue.integer(sinceMicroseconds ?? Int64.min)
        let limits = SQLiteReadLimits(rows: 10_000, valueBytes: 4_096)

        for row in try connection.rows(
            "SELECT outcome, count(*) FROM shares INDEXED BY shares_by_outcome WHERE time_us >= ? GROUP BY outcome",
            [since],
            limits: limits
        ) {
            let count = row[1].integer ?? 0
            statistics.outcomes[row[0].text ?? "", default: 0] += count
            statistics.shares += count
        }

        // One walk of attempts_by_outcome gives every count of every destination.
        var destinations: [String: HistoryStatistics.Destination] = [:]
        for row in try connection.rows(
            """
            SELECT destination, outcome, error_code, count(*), sum(fell_back)
            FROM attempts INDEXED BY attempts_by_outcome WHERE time_us >= ?
            GROUP BY destination, outcome, error_code
            """,
            [since],
            limits: limits
        ) {
            let id = row[0].text ?? ""
            let outcome = row[1].text ?? ""
            let count = row[3].integer ?? 0
            var figures =
                destinations[id]
                ?? HistoryStatistics.Destination(
                    destination: id,
                    attempts: 0,
                    delivered: 0,
                    handedOff: 0,
                    fallenBackFrom: 0,
                    failureReasons: [:],
                    medianMilliseconds: 0
                )
            figures.attempts += count
            figures.fallenBackFrom += row[4].integer ?? 0
            switch outcome {
            case ShareReport.Result.delivered.rawValue: figures.delivered += count
            case ShareReport.Result.handedOff.rawValue: figures.handedOff += count
            default: figures.failureReasons[row[2].text ?? outcome, default: 0] += count
            }
            destinations[id] = figures
        }
        // The median walks attempts_by_duration in duration order up to the middle.
        let median = try connection.prepare(
            """
            SELECT avg(duration_ms) FROM (
                SELECT duration_ms FROM attempts INDEXED BY attempts_by_duration
                WHERE destination = ? AND time_us >= ?
                ORDER BY duration_ms LIMIT ? OFFSET ?)
            """
        )
        for (id, figures) in destinations {
            // The middle value, or the mean of the two middle values.
            let count = figures.attempts
            let rows = try median.rows(
                [.text(id), since, .integer(count % 2 == 0 ? 2 : 1), .integer((count - 1) / 2)],
                limits: SQLiteReadLimits(rows: 1, valueBytes: 64)
            )
            destinations[id]?.medianMilliseconds = rows.first?.first?.real ?? 0
        }
        statistics.destinations = destinations.values.sorted { $0.destination < $1.destination }

        var kinds: [String: HistoryStatistics.CardKind] = [:]
        for row in try connection.rows(
            """
            SELECT card_kind, delivered_by, count(*) FROM shares INDEXED BY shares_by_card
            WHERE card_kind IS NOT NULL AND time_us >= ? GROUP BY card_kind, delivered_by
            """,
            [since],
            limits: limits
        ) {
            let kind = row[0].text ?? ""
            let count = row[2].integer ?? 0
            kinds[kind, default: HistoryStatistics.CardKind(kind: kind, shares: 0, deliveredBy: [:])].shares += count
            kinds[kind]?.deliveredBy[row[1].text ?? "none", default: 0] += count
        }
        statistics.cardKinds = kinds.values.sorted { $0.kind < $1.kind }
        return statistics
    }

    private func decodeChain(_ text: String?) -> [String] {
        guard let text, let chain = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else { return [] }
        return chain
    }
}
