/// How much one read may return, checked while reading, so a damaged or hostile database can't
/// make a reader allocate without bound.
package struct SQLiteReadLimits: Sendable, Hashable {
    /// Rows one query may return.
    package var rows: Int
    /// Bytes one text or blob value may hold.
    package var valueBytes: Int

    package init(rows: Int = 100_000, valueBytes: Int = 1 << 20) {
        self.rows = rows
        self.valueBytes = valueBytes
    }
}
