import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads an ``OutboxItem`` from the columns `id, share_id, destination, state, created_us,
/// next_try_us, expires_us, tries, first_sent_us, last_error, last_error_code, receipt`, and
/// writes the last error and receipt columns.
enum OutboxItemRow {
    /// The read limits of item rows: values up to the largest text column (a receipt, an error).
    static func limits(rows: Int) -> SQLiteReadLimits {
        SQLiteReadLimits(rows: rows, valueBytes: max(OutboxLimits.receiptBytes, OutboxLimits.lastErrorBytes) + 64)
    }

    /// The item in `row`.
    /// - Throws: ``SQLiteError`` `damaged` when a column holds what sharevia never writes.
    static func item(_ row: [SQLiteValue], path: String) throws(SQLiteError) -> OutboxItem {
        guard row.count >= 12, let id = row[0].integer, let shareText = row[1].text,
            let shareID = ShareID(shareText), let destination = row[2].text,
            let stateText = row[3].text, let state = OutboxState(rawValue: stateText),
            let created = row[4].integer, let nextTry = row[5].integer, let expires = row[6].integer,
            let tries = row[7].integer
        else {
            throw SQLiteError(.damaged, path: path, "an outbox item holds values sharevia never writes")
        }
        let receipt = row[11].text.flatMap(receipt(json:))
        return OutboxItem(
            id: id,
            shareID: shareID,
            destination: DestinationID(destination),
            state: state,
            createdMicroseconds: created,
            nextTryMicroseconds: nextTry,
            expiresMicroseconds: expires,
            tries: Int(clamping: tries),
            firstSentMicroseconds: row[8].integer,
            lastError: row[9].text,
            lastErrorCode: row[10].text,
            receipt: receipt
        )
    }

    /// A stored receipt, or nil when the JSON isn't one.
    static func receipt(json: String) -> DeliveryReceipt? {
        try? JSONDecoder().decode(DeliveryReceipt.self, from: Data(json.utf8))
    }

    /// An error's words as the outbox keeps them (credentials inside URLs redacted, cut to
    /// ``OutboxLimits/lastErrorBytes``) and its code: the detail's (`rate-limited`,
    /// `sign-in-again`, ...) when it has one, else the error's (`transient`, ...).
    static func lastError(_ error: ShareError) -> (words: String, code: String) {
        (words(error.message), error.detail?.code.description ?? error.code.name)
    }

    /// Words as the outbox keeps them: credentials inside URLs redacted, cut to
    /// ``OutboxLimits/lastErrorBytes``.
    static func words(_ text: String) -> String {
        HistoryRow.cut(URLCredentials.redacted(text), to: OutboxLimits.lastErrorBytes)
    }

    /// When the server said to come back (microseconds since 1970), or NULL.
    static func retryAfter(_ error: ShareError, now: Int64) -> SQLiteValue {
        guard let asked = error.retryAfter else { return .null }
        return .integer(now.addingClamped(OutboxSchedule.microseconds(asked, roundingUp: true)))
    }
}

/// An attachment's row in `outbox_attachments`.
struct OutboxAttachmentRow {
    var fileName: String
    var mediaType: String
    var altText: String?
    var bytes: [UInt8]

    /// The attachment as a destination reads it: its bytes in memory.
    var attachment: ShareAttachment {
        var attachment = ShareAttachment.bytes(Data(bytes), mimeType: mediaType, fileName: fileName)
        attachment.altText = altText
        return attachment
    }
}
