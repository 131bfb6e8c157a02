/// How a write to the history database reaches the disk: SQLite's `synchronous` setting in WAL mode.
package enum HistoryDurability: Sendable, Hashable {
    /// `synchronous=FULL`: each commit is synced (one `fsync` of the WAL) before it returns, so no
    /// committed record is lost on power loss. What the outbox needs; the default.
    case full
    /// `synchronous=NORMAL`: commits are synced only at checkpoints. The database is never damaged,
    /// but the last records before a power loss may be lost; a record costs no `fsync`. Enough for
    /// history alone, never for the outbox.
    case normal
}
