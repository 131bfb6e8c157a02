import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One spooled share: the JSON file a share leaves in the history spool (`<shareID>.json`), read
/// back when the spool is imported into the database.
///
/// The format is ``HistoryRow``'s fields without content (`"format": 1`). Every field has a cap,
/// checked while reading (see ``Cap``); a file over ``HistoryLimits/spoolFileBytes`` is not read.
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
        guard let data = try? encoder.encode(Record(row)) else { return nil }
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
        let record: Record
        do {
            record = try JSONDecoder().decode(Record.self, from: Data(bytes))
        } catch {
            throw Problem("not a spooled share (\(Self.describe(error)))")
        }
        return try record.checked()
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
        return Record(again) == Record(row) && (try? Record(row).checked()) != nil
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the field \(key.stringValue) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "the field \(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "not JSON"
        }
    }

    /// The file's JSON: ``HistoryRow`` without content.
    struct Record: Codable, Hashable {
        struct Attempt: Codable, Hashable {
            var destination: String
            var attempt: Int64
            var result: String
            var errorCode: String?
            var reason: String
            var durationMilliseconds: Double
            var fellBack: Bool
            var receipt: String?
        }

        var format: Int
        var id: String
        var microseconds: Int64
        var card: HistoryCard?
        var chain: String
        var outcome: String
        var deliveredBy: String?
        var exitCode: Int64?
        var threadsLongText: Bool
        var requiresAltText: Bool
        var attempts: [Attempt]

        init(_ row: HistoryRow) {
            format = HistorySpoolFile.format
            id = row.id
            microseconds = row.microseconds
            card = row.card
            chain = row.chain
            outcome = row.outcome
            deliveredBy = row.deliveredBy
            exitCode = row.exitCode
            threadsLongText = row.threadsLongText
            requiresAltText = row.requiresAltText
            attempts = row.attempts.map {
                Attempt(
                    destination: $0.destination,
                    attempt: $0.attempt,
                    result: $0.result,
                    errorCode: $0.errorCode,
                    reason: $0.reason,
                    durationMilliseconds: $0.durationMilliseconds,
                    fellBack: $0.fellBack,
                    receipt: $0.receipt
                )
            }
        }

        /// The row, when every field is within its cap.
        func checked() throws(Problem) -> HistoryRow {
            guard format == HistorySpoolFile.format else {
                throw Problem("format \(format) is not the format \(HistorySpoolFile.format) this sharevia reads")
            }
            guard let shareID = ShareID(id), shareID.description == id else {
                throw Problem("id '\(HistoryRow.cut(id, to: 64))' is not a share id (MICROSECONDS-16HEX)")
            }
            guard Int64(clamping: shareID.microseconds) == microseconds else {
                throw Problem("microseconds \(microseconds) is not the time of the share id \(id)")
            }
            try Self.cap("card.kind", card?.kind, Cap.cardField)
            try Self.cap("card.theme", card?.theme, Cap.cardField)
            try Self.cap("chain", chain, Cap.chain)
            try Self.cap("outcome", outcome, Cap.word)
            try Self.cap("deliveredBy", deliveredBy, Cap.word)
            if let exitCode, !(0...255).contains(exitCode) {
                throw Problem("exitCode \(exitCode) is not an exit code (0 to 255)")
            }
            guard attempts.count <= HistoryLimits.attempts else {
                throw Problem("\(attempts.count) attempts, over the \(HistoryLimits.attempts) history keeps")
            }
            for (index, attempt) in attempts.enumerated() {
                let field = "attempts[\(index)]"
                try Self.cap("\(field).destination", attempt.destination, Cap.word)
                try Self.cap("\(field).result", attempt.result, Cap.word)
                try Self.cap("\(field).errorCode", attempt.errorCode, Cap.word)
                try Self.cap("\(field).reason", attempt.reason, HistoryLimits.reasonBytes)
                try Self.cap("\(field).receipt", attempt.receipt, HistoryLimits.receiptBytes)
                guard attempt.durationMilliseconds.isFinite && attempt.durationMilliseconds >= 0 else {
                    throw Problem("\(field).durationMilliseconds is not a duration (a finite number ≥ 0)")
                }
            }
            return HistoryRow(spooled: self)
        }

        private static func cap(_ field: String, _ value: String?, _ bytes: Int) throws(Problem) {
            guard let value, value.utf8.count > bytes else { return }
            throw Problem("\(field) is \(value.utf8.count) bytes, over its cap of \(bytes)")
        }
    }
}

extension HistoryRow {
    /// The row a spool file held: no content, no notes.
    init(spooled record: HistorySpoolFile.Record) {
        id = record.id
        microseconds = record.microseconds
        card = record.card
        chain = record.chain
        outcome = record.outcome
        deliveredBy = record.deliveredBy
        exitCode = record.exitCode
        threadsLongText = record.threadsLongText
        requiresAltText = record.requiresAltText
        text = nil
        images = []
        notes = []
        attempts = record.attempts.map {
            AttemptRow(
                destination: $0.destination,
                attempt: $0.attempt,
                result: $0.result,
                errorCode: $0.errorCode,
                reason: $0.reason,
                durationMilliseconds: $0.durationMilliseconds,
                fellBack: $0.fellBack,
                receipt: $0.receipt
            )
        }
    }
}
