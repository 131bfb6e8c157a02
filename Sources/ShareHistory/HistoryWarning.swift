/// What recording a share could not do as asked: a line for the share's report, never a failure
/// of the share.
package struct HistoryWarning: Sendable, Hashable, CustomStringConvertible {
    /// The line, starting with `history:`.
    package var message: String
    /// The database error behind it, if any: its code says what kind (`newer-version`,
    /// `damaged`, `busy`, ...).
    package var error: SQLiteError?
    /// Where a damaged database was moved, when it was.
    package var movedTo: String?

    package init(_ message: String, error: SQLiteError? = nil, movedTo: String? = nil) {
        self.message = message
        self.error = error
        self.movedTo = movedTo
    }

    package var description: String { message }
}
