import ArgumentParser

/// `--since`, as `sharevia history` and `sharevia stats` take it (read by
/// ``HistoryCommandSupport/read(since:_:)``).
struct HistorySinceOption: ParsableArguments {
    @Option(help: "Only shares made at or after this time: a date, a date and time, or 7d, 12h, 30m.")
    var since: String?
}
