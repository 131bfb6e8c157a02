import PostgresNIO
import ShareCore
import ShareHistory

/// Reads an ``OutboxItem`` from the columns ``PostgresOutboxStore/itemColumns`` names.
enum PostgresItemRow {
    typealias Columns = (
        Int64, String, String, String, Int64, Int64, Int64, Int32, Int64?, String?, String?, String?
    )

    /// The item in `row`, whose first columns are ``PostgresOutboxStore/itemColumns``.
    /// - Throws: ``PostgresOutboxError`` `damaged` when a column holds what sharevia never writes.
    static func item(_ columns: Columns) throws(PostgresOutboxError) -> OutboxItem {
        let (id, share, destination, state, created, nextTry, expires, tries, firstSent, words, code, receipt) =
            columns
        guard let shareID = ShareID(share), let state = OutboxState(rawValue: state),
            share.utf8.count <= 128, destination.utf8.count <= 256
        else {
            throw PostgresOutboxError(.damaged, "outbox item \(id) holds values sharevia never writes")
        }
        return OutboxItem(
            id: id,
            shareID: shareID,
            destination: DestinationID(destination),
            state: state,
            createdMicroseconds: created,
            nextTryMicroseconds: nextTry,
            expiresMicroseconds: expires,
            tries: Int(tries),
            firstSentMicroseconds: firstSent,
            lastError: words.map { OutboxBackendSupport.words($0) },
            lastErrorCode: code.map { OutboxBackendSupport.words($0) },
            receipt: receipt.flatMap { $0.utf8.count <= OutboxLimits.receiptBytes ? $0 : nil }
                .flatMap(OutboxBackendSupport.receipt(json:))
        )
    }

    /// Every item in `rows`.
    static func items(_ rows: PostgresRowSequence) async throws -> [OutboxItem] {
        var items: [OutboxItem] = []
        for try await columns in rows.decode(Columns.self) {
            items.append(try item(columns))
        }
        return items
    }
}
