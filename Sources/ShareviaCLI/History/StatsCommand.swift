import ArgumentParser
import ShareCore
import ShareHistory

/// `sharevia stats`: what was shared where, from the history database.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count the shares in history: per destination and per card kind.",
        discussion: """
            Per destination: attempts (each retry counts), how many delivered or handed off, how many \
            shares fell back from it to the next destination, why attempts failed (the error code, \
            else the result), and the median time of an attempt. Per card kind: shares, and which \
            destination delivered them ('none' when none did).

              sharevia stats
              sharevia stats --since 30d
              sharevia stats --since 2026-11-01 --json

            With --outbox (a PostgreSQL URL, or a SQLite file), the outbox's figures instead: items in \
            each state (the queue's depth), how long the oldest due item has waited, and how many were \
            delivered in the last minute and hour.

              sharevia stats --outbox postgresql://sharevia@db.internal/shares

            \(HistoryCommandSupport.sinceAndExitCodes(success: "counted (also when there is nothing to count)"))
            """
    )

    @OptionGroup var period: HistorySinceOption

    @Flag(help: "Print the figures as JSON.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Count the outbox instead: postgresql://USER@HOST[:PORT]/DATABASE, or a SQLite file (see 'sharevia outbox run --help' for its password).",
            valueName: "url"
        )
    )
    var outbox: String?

    func validate() throws {
        if outbox != nil && period.since != nil {
            throw ValidationError("--since counts history; the outbox's figures (--outbox) are for now")
        }
    }

    func run() async throws {
        if let outbox {
            try await OutboxStatistics.print(outbox: outbox, json: json)
            return
        }
        let (store, since, statistics) = try HistoryCommandSupport.read(since: period.since) {
            store,
            since throws(SQLiteError) in
            try store.statistics(sinceMicroseconds: since)
        }
        if json {
            StandardStreams.write(
                try JSONText.encode(
                    StatsOutput(
                        database: store.path,
                        since: since.map(HistoryCommandSupport.isoTime),
                        statistics: statistics
                    )
                )
            )
        } else {
            StandardStreams.write(Self.text(statistics, since: since))
        }
    }

    /// `--json`'s object.
    struct StatsOutput: Encodable {
        var database: String
        var since: String?
        var statistics: HistoryStatistics
    }

    /// The figures as a summary line and two tables.
    static func text(_ statistics: HistoryStatistics, since: Int64?) -> String {
        let when = since.map { " since \(HistoryCommandSupport.isoTime($0))" } ?? ""
        guard statistics.shares > 0 else { return "No shares recorded\(when).\n" }
        var text = "\(statistics.shares) shares\(when): \(counts(statistics.outcomes))\n"
        if !statistics.destinations.isEmpty {
            let rows =
                [["DESTINATION", "ATTEMPTS", "DELIVERED", "HANDED OFF", "FELL BACK", "MEDIAN MS", "FAILURES"]]
                + statistics.destinations.map { figures in
                    [
                        figures.destination, "\(figures.attempts)", "\(figures.delivered)", "\(figures.handedOff)",
                        "\(figures.fallenBackFrom)", milliseconds(figures.medianMilliseconds),
                        figures.failureReasons.isEmpty ? "-" : counts(figures.failureReasons),
                    ]
                }
            text += "\n" + HistoryCommandSupport.table(rows)
        }
        if !statistics.cardKinds.isEmpty {
            let rows =
                [["CARD KIND", "SHARES", "WENT TO"]]
                + statistics.cardKinds.map { kind in [kind.kind, "\(kind.shares)", counts(kind.deliveredBy)] }
            text += "\n" + HistoryCommandSupport.table(rows)
        }
        return text
    }

    /// `name count` pairs, largest first, then by name.
    static func counts(_ counts: [String: Int64]) -> String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// Milliseconds with one decimal.
    static func milliseconds(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
