/// The caps of what history writes and reads, so one share or a damaged file can't grow the
/// database or a reader's memory without bound.
package enum HistoryLimits {
    /// Bytes of one attempt's reason kept; a longer one is cut at a character and ends with `…`.
    package static let reasonBytes = 4_096
    /// Attempts of one share kept; the rest are counted in a last, `omitted` attempt.
    package static let attempts = 256
    /// Bytes of kept text; longer text is not kept (a note says so).
    package static let contentTextBytes = 1 << 20
    /// Bytes of one kept image; a larger one is not kept (a note says so).
    package static let imageBytes = 64 << 20
    /// Images of one share kept.
    package static let images = 16
    /// Bytes of one receipt, encoded; a larger one is replaced by its summary only.
    package static let receiptBytes = 16_384
    /// Shares one history query returns at most.
    package static let entries = 10_000
    /// Bytes of any one text value a reader takes (kept text is at most ``contentTextBytes``).
    package static let valueBytes = contentTextBytes
    /// How long one read may take before it is stopped, in milliseconds.
    package static let readMilliseconds = 10_000
    /// Bytes of one history spool file; a share whose record is larger is written to the
    /// database directly, and a larger file in the spool is moved aside unread.
    package static let spoolFileBytes = 1 << 20
    /// Spool files one import reads and inserts in one transaction; an import takes batch after
    /// batch until the spool is empty.
    package static let spoolBatch = 500
    /// Spool files a share may leave before it imports the spool itself, so the spool can't
    /// grow without bound when no one reads history.
    package static let spoolFiles = 1_000
}
