import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One spooled share: the JSON file a share leaves in the history spool (`<shareID>.json`), read
/// back when the spool is imported into the database.
///
/// The format is ``HistoryRow``'s `Codable` form (its fields without content) and `"format": 1`.
/// Every field has a cap, checked while reading (see ``Cap``); a file over
/// ``HistoryLimits/spoolFileBytes`` is not read.
package enum HistorySpoolFile {
    /// The format this sharevia writes and reads.
    package static let format = 1

    /// The caps of a spool file's fields, in UTF-8 bytes unless named otherwise.
    package enum Cap {
        /// A card's kind or theme.
        package static let cardField = 256
        /// The chain, as a JSON array of destination ids.
        package static let chain = 8_192
        /// The outcome, who delivered, an attempt's destination or result, an error code.
        package static let word = 128
    }

    /// Why a spool file was refused: the field and the rule.
    package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, starting with `history spool: `.
        package var description: String

        init(_ words: String) { description = "history spool: " + words }
    }

    /// The row as a spool file's bytes.
    static func encode(_ row: HistoryRow) -> [UInt8]? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Versioned(format: format, row: row)) else { return nil }
        return [UInt8](data)
    }

    /// The row a spool file holds.
    /// - Throws: ``Problem`` naming the field over its cap or not as written.
    static func decode(_ bytes: [UInt8]) throws(Problem) -> HistoryRow {
        guard bytes.count <= HistoryLimits.spoolFileBytes else {
            throw Problem(
                "the file is \(bytes.count) bytes, over the \(HistoryLimits.spoolFileBytes) a spool file may be"
            )
        }
        let file: Versioned
        do {
            file = try JSONDecoder().decode(Versioned.self, from: Data(bytes))
        } catch {
            throw Problem("not a spooled share (\(Self.describe(error)))")
        }
        guard file.format == format else {
            throw Problem("format \(file.format) is not the format \(format) this sharevia reads")
        }
        try check(file.row)
        return file.row
    }

    /// Reads `bytes` as a spool file and returns the share's id, for the `history-spool` fuzz
    /// target and tests.
    /// - Throws: ``Problem``.
    package static func shareID(of bytes: [UInt8]) throws(Problem) -> String {
        try decode(bytes).id
    }

    /// Whether `bytes`, read as a spool file, written again and read again, gives the same row,
    /// and every field is within its cap: the fuzz target's checks. Nil when `bytes` is refused.
    package static func roundTripsWithinCaps(_ bytes: [UInt8]) -> Bool? {
        guard let row = try? decode(bytes) else { return nil }
        guard let again = encode(row).flatMap({ try? decode($0) }) else { return false }
        return again == row && (try? check(row)) != nil
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the field \(key.stringValue) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "the field \(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "not JSON"
        }
    }

    /// Whether every field of a row read from a spool file is within its cap.
    private static func check(_ row: HistoryRow) throws(Problem) {
        guard let shareID = ShareID(row.id), shareID.description == row.id else {
            throw Problem("id '\(HistoryRow.cut(row.id, to: 64))' is not a share id (MICROSECONDS-16HEX)")
        }
        guard Int64(clamping: shareID.microseconds) == row.microseconds else {
            throw Problem("microseconds \(row.microseconds) is not the time of the share id \(row.id)")
        }
        try cap("card.kind", row.card?.kind, Cap.cardField)
        try cap("card.theme", row.card?.theme, Cap.cardField)
        try cap("chain", row.chain, Cap.chain)
        try cap("outcome", row.outcome, Cap.word)
        try cap("deliveredBy", row.deliveredBy, Cap.word)
        if let exitCode = row.exitCode, !(0...255).contains(exitCode) {
            throw Problem("exitCode \(exitCode) is not an exit code (0 to 255)")
        }
        guard row.attempts.count <= HistoryLimits.attempts else {
            throw Problem("\(row.attempts.count) attempts, over the \(HistoryLimits.attempts) history keeps")
        }
        for (index, attempt) in row.attempts.enumerated() {
            let field = "attempts[\(index)]"
            try cap("\(field).destination", attempt.destination, Cap.word)
            try cap("\(field).result", attempt.result, Cap.word)
            try cap("\(field).errorCode", attempt.errorCode, Cap.word)
            try cap("\(field).reason", attempt.reason, HistoryLimits.reasonBytes)
            try cap("\(field).receipt", attempt.receipt, HistoryLimits.receiptBytes)
            guard attempt.durationMilliseconds.isFinite && attempt.durationMilliseconds >= 0 else {
                throw Problem("\(field).durationMilliseconds is not a duration (a finite number ≥ 0)")
            }
        }
    }

    private static func cap(_ field: String, _ value: String?, _ bytes: Int) throws(Problem) {
        guard let value, value.utf8.count > bytes else { return }
        throw Problem("\(field) is \(value.utf8.count) bytes, over its cap of \(bytes)")
    }

    /// A spool file's JSON: the format beside the row's fields, in one object.
    private struct Versioned: Codable {
        private enum CodingKeys: String, CodingKey { case format }

        var format: Int
        var row: HistoryRow

        init(format: Int, row: HistoryRow) {
            self.format = format
            self.row = row
        }

        init(from decoder: any Decoder) throws {
            format = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .format)
            row = try HistoryRow(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(format, forKey: .format)
            try row.encode(to: encoder)
        }
    }
}
