/// A value bound to a statement's parameter or read from a result column.
package enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The integer, or nil for any other kind.
    package var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a `Double` (integers converted), or nil.
    package var real: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// The text, or nil for any other kind.
    package var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes of a blob, or nil for any other kind.
    package var blob: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }
}

extension Optional where Wrapped == String {
    /// The text, or SQL NULL.
    package var sqlite: SQLiteValue { map(SQLiteValue.text) ?? .null }
}
