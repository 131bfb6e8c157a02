@_spi(Fuzzing) import FuzzEntryPoints
@_spi(Fuzzing) import ShareviaCLI

/// `history-database`: any bytes as the history database file: listing, statistics, the integrity
/// check and recording never crash or hang (each read stops after 1 s), and recording into it
/// leaves a file of bounded size (the input, a fresh database, and one share).
@_cdecl("sharevia_fuzz_history_database")
public func fuzzHistoryDatabase(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    let outcome = HistoryDatabaseFuzzing.read(bytes, folder: "/tmp")
    check(outcome.entries.map { $0 <= 100 } ?? true, "more entries than the limit: \(outcome.entries!)")
    check(
        outcome.sizeAfter <= bytes.count + (1 << 20),
        "recording grew a \(bytes.count)-byte database to \(outcome.sizeAfter) bytes"
    )
    return 0
}

/// `history-since`: `sharevia history --since` and `stats --since` on any bytes: a date, a date
/// and time or a span is read within its range, anything else refused, never a trap.
@_cdecl("sharevia_fuzz_history_since")
public func fuzzHistorySince(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = HistorySinceFuzzing.read(fuzzBytes(start, count))
    return 0
}

/// `outbox-request`: any bytes as an outbox item's stored request: read within every cap (no flag
/// with credentials), and what is read survives being written and read again; or refused with
/// a message that names the field.
@_cdecl("sharevia_fuzz_outbox_request")
public func fuzzOutboxRequest(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let outcome = OutboxRequestFuzzing.read(fuzzBytes(start, count))
    check(outcome.roundTrips, "a request read from the input reads back differently after writing it")
    check(outcome.withinCaps, "a request read from the input is over a cap")
    check(outcome.refusal.map { $0.hasPrefix("outbox request: ") } ?? true, "a refusal without its prefix")
    return 0
}

/// `history-spool`: any bytes as a history spool file (`history-spool/<shareID>.json`): read
/// within every cap, and what is read survives being written and read again; or refused with a
/// message that starts `history spool: `.
@_cdecl("sharevia_fuzz_history_spool")
public func fuzzHistorySpool(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let outcome = HistorySpoolFuzzing.read(fuzzBytes(start, count))
    check(outcome.roundTrips, "a spooled share read from the input reads back differently or over a cap")
    check(outcome.refusal.map { $0.hasPrefix("history spool: ") } ?? true, "a refusal without its prefix")
    return 0
}

/// `outbox-url`: any bytes as a PostgreSQL outbox's connection string (`--outbox URL`): read, and what is read
/// shows (without its password) as a string that reads back the same; or refused with a message that starts
/// `outbox URL: `.
@_cdecl("sharevia_fuzz_outbox_url")
public func fuzzOutboxURL(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let outcome = OutboxURLFuzzing.read(fuzzBytes(start, count))
    check(outcome.roundTrips, "a connection string read from the input reads back differently once shown")
    check(outcome.withinRules, "a connection string read from the input breaks a rule")
    check(outcome.refusal.map { $0.hasPrefix("outbox URL: ") } ?? true, "a refusal without its prefix")
    return 0
}
