import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `--json` form of a share report.
enum ReportPrinter {
    struct Output: Encodable {
        /// The share's identity (``ShareID``), which network destinations derived their
        /// idempotency and record keys from.
        var shareId: ShareID
        var outcome: String
        var exitCode: Int32
        var deliveredBy: String?
        var chain: [DestinationID]
        var receipt: DeliveryReceipt?
        var attempts: [ShareReport.Attempt]
        /// What shaping changed in the share that went out.
        var notes: [String]
        /// `SIGINT` or `SIGTERM` when a signal interrupted the share; absent otherwise.
        var interruptedBy: String?
        /// The outbox items queued for network destinations that failed for a while.
        var queued: [QueuedShare]
        /// Such destinations that could not be queued, with why; absent when none.
        var notQueued: [NotQueued]?
    }

    static func json(
        _ report: ShareReport,
        exitCode: Int32,
        shareID: ShareID,
        interruptedBy: String? = nil,
        outbox: OutboxQueueReport = OutboxQueueReport()
    ) throws -> String {
        let output = Output(
            shareId: shareID,
            outcome: report.outcome.rawValue,
            exitCode: exitCode,
            deliveredBy: report.deliveredBy?.rawValue,
            chain: report.chain,
            receipt: report.receipt,
            attempts: report.attempts,
            notes: report.notes,
            interruptedBy: interruptedBy,
            queued: outbox.queued,
            notQueued: outbox.notQueued.isEmpty ? nil : outbox.notQueued
        )
        return try JSONText.encode(output)
    }
}

/// JSON encoding with stable key order.
enum JSONText {
    /// The value as JSON with sorted keys and a final newline: pretty-printed, or on one line
    /// when `compact`.
    static func encode(_ value: some Encodable, compact: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            compact ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
