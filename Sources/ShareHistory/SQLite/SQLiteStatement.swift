import CSQLite

/// A prepared statement of a ``SQLiteConnection``: bound parameters only, finalized when released.
package final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { csqlite_finalize(handle) }

    /// Runs the statement with `values` bound, for its effect; it can be run again.
    /// - Throws: ``SQLiteError``.
    package func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind(values)
        defer { csqlite_reset(handle) }
        var code = csqlite_step(handle)
        while code == CSQLITE_ROW { code = csqlite_step(handle) }
        guard code == CSQLITE_DONE else { throw connection.failure(code) }
    }

    /// The rows the statement returns with `values` bound, at most `limits.rows`.
    /// - Throws: ``SQLiteError`` (`too-large` when a value or the row count is over `limits`).
    package func rows(_ values: [SQLiteValue], limits: SQLiteReadLimits) throws(SQLiteError) -> [[SQLiteValue]] {
        try bind(values)
        defer { csqlite_reset(handle) }
        let columns = csqlite_column_count(handle)
        var rows: [[SQLiteValue]] = []
        while true {
            let code = csqlite_step(handle)
            if code == CSQLITE_DONE { return rows }
            guard code == CSQLITE_ROW else { throw connection.failure(code) }
            guard rows.count < limits.rows else {
                throw SQLiteError(
                    .tooLarge,
                    path: connection.path,
                    "a query returned more than \(limits.rows) rows; narrow it (a later --since, a --limit)"
                )
            }
            var row: [SQLiteValue] = []
            row.reserveCapacity(Int(columns))
            for column in 0..<columns { row.append(try value(column, limits: limits)) }
            rows.append(row)
        }
    }

    private func value(_ column: Int32, limits: SQLiteReadLimits) throws(SQLiteError) -> SQLiteValue {
        switch csqlite_column_type(handle, column) {
        case CSQLITE_INTEGER:
            return .integer(csqlite_column_int64(handle, column))
        case CSQLITE_FLOAT:
            return .real(csqlite_column_double(handle, column))
        case CSQLITE_TEXT:
            let text = csqlite_column_text(handle, column)
            let count = Int(csqlite_column_bytes(handle, column))
            try check(count, column: column, limits: limits)
            guard let text else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case CSQLITE_BLOB:
            let bytes = csqlite_column_blob(handle, column)
            let count = Int(csqlite_column_bytes(handle, column))
            try check(count, column: column, limits: limits)
            guard let bytes else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }

    private func check(_ count: Int, column: Int32, limits: SQLiteReadLimits) throws(SQLiteError) {
        guard count <= limits.valueBytes else {
            throw SQLiteError(
                .tooLarge,
                path: connection.path,
                "column \(column + 1) holds \(count) bytes, over the \(limits.valueBytes) this reader takes"
            )
        }
    }

    private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = csqlite_bind_null(handle, index)
            case .integer(let number): code = csqlite_bind_int64(handle, index, number)
            case .real(let number): code = csqlite_bind_double(handle, index, number)
            case .text(let text):
                code = text.withCString { csqlite_bind_text(handle, index, $0, Int32(clamping: text.utf8.count)) }
            case .blob(let bytes):
                // A NULL pointer would bind NULL, not an empty blob: give an empty one a byte to point at.
                let count = Int32(clamping: bytes.count)
                code = (bytes.isEmpty ? [0] : bytes).withUnsafeBytes {
                    csqlite_bind_blob(handle, index, $0.baseAddress, count)
                }
            }
            guard code == CSQLITE_OK else { throw connection.failure(code) }
        }
    }
}
