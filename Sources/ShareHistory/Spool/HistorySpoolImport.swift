/// What ``HistoryStore/importSpool()`` did.
package struct HistorySpoolImport: Sendable, Hashable {
    /// Spooled shares now in the database (including ones another importer had already put there).
    package var imported: Int
    /// Files that could not be read as spooled shares, moved aside to `NAME.damaged`.
    package var damaged: [String]
    /// Lines for standard error: files moved aside, a damaged database moved aside.
    package var warnings: [HistoryWarning]
    /// Why the spool could not be imported into the database (refused, busy, ...); the spooled
    /// files are left for the next import.
    package var error: SQLiteError?

    package init(imported: Int = 0, damaged: [String] = [], warnings: [HistoryWarning] = [], error: SQLiteError? = nil)
    {
        self.imported = imported
        self.damaged = damaged
        self.warnings = warnings
        self.error = error
    }
}
