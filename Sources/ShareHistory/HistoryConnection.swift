/// The history database opened ahead of the share it will record, so the share's wait for
/// recording is only the insert: loading libsqlite3, opening the file, reading the WAL and
/// migrating happen while the share runs (``HistoryStore/open()`` on another thread).
///
/// Made on one thread and handed to another: ``HistoryStore/open()`` fills it before it returns,
/// and ``HistoryStore/record(report:options:card:keepContent:exitCode:opened:)`` reads it only
/// after the opening thread was joined, so no two threads touch it at once.
package final class HistoryConnection: @unchecked Sendable {
    /// The connection, or why it could not be opened.
    let result: Result<SQLiteConnection, SQLiteError>

    init(_ result: Result<SQLiteConnection, SQLiteError>) { self.result = result }
}

extension HistoryStore {
    /// Opens (creating and migrating) the database for ``record(report:options:card:keepContent:exitCode:opened:)``.
    /// Never throws: a failure is kept, and recording deals with it as it would with its own.
    package func open() -> HistoryConnection {
        do {
            return HistoryConnection(.success(try HistoryDatabase.openForWriting(path, durability: durability)))
        } catch {
            return HistoryConnection(.failure(error))
        }
    }
}
