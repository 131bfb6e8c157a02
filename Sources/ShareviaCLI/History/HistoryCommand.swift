import ArgumentParser
import ShareCore
import ShareHistory

/// `sharevia history`: the shares sharevia recorded, newest first.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the shares sharevia made, newest first: when, where it went, and how it ended.",
        discussion: """
            Every share is recorded in $XDG_STATE_HOME/sharevia/sharevia.sqlite \
            (~/.local/state/sharevia/sharevia.sqlite): its id and time, the card's kind and theme, each \
            attempt's destination, result, error code, reason, duration and receipt, and the exit code. \
            Its text and images are kept only with --keep-content or 'history.keep_content: true'. Dry \
            runs are not recorded; 'history.enabled: false' or SHAREVIA_NO_HISTORY=1 turns recording off.

              sharevia history
              sharevia history --since 7d --destination mastodon
              sharevia history --since 2026-11-01 --kind streak --csv > shares.csv

            \(HistoryCommandSupport.sinceAndExitCodes(success: "listed (also when there is nothing to list)"))
            """
    )

    @OptionGroup var period: HistorySinceOption

    @Option(help: "Only shares that tried this destination (such as mastodon).")
    var destination: String?

    @Option(help: "Only shares with a card of this kind (such as streak).")
    var kind: String?

    @Option(help: "At most this many shares (1 to \(HistoryLimits.entries)).")
    var limit: Int = 100

    @Flag(help: "Print the shares as JSON.")
    var json = false

    @Flag(help: "Print the shares as CSV (RFC 4180, spreadsheet-safe).")
    var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv can't be used together") }
        guard (1...HistoryLimits.entries).contains(limit) else {
            throw ValidationError("--limit must be from 1 to \(HistoryLimits.entries)")
        }
        for (flag, value) in [("--destination", destination), ("--kind", kind)] {
            if let value, value.isEmpty || value.utf8.count > 64 {
                throw ValidationError("\(flag) must be a name of 1 to 64 characters")
            }
        }
    }

    func run() async throws {
        let (store, since, entries) = try HistoryCommandSupport.read(since: period.since) {
            store,
            since throws(SQLiteError) in
            try store.entries(
                HistoryQuery(sinceMicroseconds: since, destination: destination, cardKind: kind, limit: limit)
            )
        }
        if json {
            StandardStreams.write(try JSONText.encode(HistoryListing(database: store.path, entries: entries)))
        } else if csv {
            StandardStreams.write(HistoryListing.csv(entries))
        } else if entries.isEmpty {
            StandardStreams.write("No shares recorded\(since == nil ? "" : " since then") in \(store.path).\n")
        } else {
            StandardStreams.write(HistoryListing.text(entries))
        }
    }
}

/// The shares as `sharevia history` prints them: a table, CSV or JSON.
struct HistoryListing: Encodable {
    /// One share, with its time in words.
    struct Share: Encodable {
        var id: String
        var time: String
        var microseconds: Int64
        var card: HistoryCard?
        var chain: [String]
        var outcome: String
        var deliveredBy: String?
        var exitCode: Int64?
        var text: String?
        var keptImages: Int64
        var attempts: [HistoryEntry.Attempt]
    }

    var database: String
    var shares: [Share]

    init(database: String, entries: [HistoryEntry]) {
        self.database = database
        shares = entries.map { entry in
            Share(
                id: entry.id,
                time: HistoryCommandSupport.isoTime(entry.microseconds),
                microseconds: entry.microseconds,
                card: entry.card,
                chain: entry.chain,
                outcome: entry.outcome,
                deliveredBy: entry.deliveredBy,
                exitCode: entry.exitCode,
                text: entry.text,
                keptImages: entry.keptImages,
                attempts: entry.attempts
            )
        }
    }

    /// Each attempt as `destination result` (the error code instead of a failure's result).
    static func attempts(_ entry: HistoryEntry) -> String {
        entry.attempts.map { "\($0.destination) \($0.errorCode ?? $0.result)" }.joined(separator: ", ")
    }

    static func card(_ entry: HistoryEntry) -> String {
        guard let card = entry.card else { return "-" }
        return card.theme.map { "\(card.kind)/\($0)" } ?? card.kind
    }

    /// A table: time, outcome, who delivered, card, attempts.
    static func text(_ entries: [HistoryEntry]) -> String {
        let rows =
            [["TIME (UTC)", "OUTCOME", "BY", "CARD", "ATTEMPTS"]]
            + entries.map { entry in
                [
                    HistoryCommandSupport.isoTime(entry.microseconds), entry.outcome, entry.deliveredBy ?? "-",
                    card(entry), attempts(entry),
                ]
            }
        return HistoryCommandSupport.table(rows)
    }

    /// CSV with a header record.
    static func csv(_ entries: [HistoryEntry]) -> String {
        var text = HistoryCSV.record([
            "id", "time", "outcome", "delivered_by", "exit_code", "card_kind", "card_theme", "chain", "attempts",
            "reasons", "text",
        ])
        for entry in entries {
            text += HistoryCSV.record([
                entry.id, HistoryCommandSupport.isoTime(entry.microseconds), entry.outcome, entry.deliveredBy ?? "",
                entry.exitCode.map(String.init) ?? "", entry.card?.kind ?? "", entry.card?.theme ?? "",
                entry.chain.joined(separator: " "), attempts(entry),
                entry.attempts.map { "\($0.destination): \($0.reason)" }.joined(separator: "\n"), entry.text ?? "",
            ])
        }
        return text
    }
}
