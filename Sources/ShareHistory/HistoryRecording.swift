/// What ``HistoryStore/record(report:options:card:keepContent:exitCode:)`` did.
package struct HistoryRecording: Sendable, Hashable {
    /// Whether the share is in the database now.
    package var recorded: Bool
    /// What the report should say: a database that was refused, moved aside or unwritable,
    /// content that was too large to keep. Empty when all went as asked.
    package var warnings: [HistoryWarning]

    package init(recorded: Bool, warnings: [HistoryWarning] = []) {
        self.recorded = recorded
        self.warnings = warnings
    }
}
