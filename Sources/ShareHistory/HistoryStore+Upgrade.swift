#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HistoryStore {
    /// Brings a database written by an older sharevia up to ``HistorySchema/currentVersion``,
    /// as the next recorded share would, so it can be read. Does nothing when there is no
    /// database, or it is current; a newer one is refused unchanged.
    /// - Throws: ``SQLiteError`` (`newer-version`, `damaged`, `busy`, ...).
    package func upgrade() throws(SQLiteError) {
        guard access(path, F_OK) == 0 else { return }
        let reader = try SQLiteConnection(path: path, mode: .readOnly)
        let version = try HistoryDatabase.userVersion(reader)
        guard version > 0 && version < HistorySchema.currentVersion else { return }
        _ = try HistoryDatabase.openForWriting(path, durability: durability)
    }
}
