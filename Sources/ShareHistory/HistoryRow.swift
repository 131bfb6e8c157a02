import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A share's report turned into the rows history writes: one share, its attempts, its kept
/// images. Pure, so what is kept can be tested without a database.
///
/// Its `Codable` form, without content and notes, is a history spool file's (see
/// ``HistorySpoolFile``, which adds the format and checks the caps).
struct HistoryRow: Hashable, Codable {
    struct AttemptRow: Hashable, Codable {
        var destination: String
        var attempt: Int64
        var result: String
        var errorCode: String?
        var reason: String
        var durationMilliseconds: Double
        var fellBack: Bool
        var receipt: String?
    }

    var id: String
    var microseconds: Int64
    var card: HistoryCard?
    var chain: String
    var outcome: String
    var deliveredBy: String?
    var exitCode: Int64?
    var threadsLongText: Bool
    var requiresAltText: Bool
    var text: String?
    var images: [HistoryContent.Image] = []
    var attempts: [AttemptRow]
    /// Content that was asked to be kept but is over a cap.
    var notes: [String] = []

    /// The fields a spool file carries: all but content and notes.
    private enum CodingKeys: String, CodingKey {
        case id, microseconds, card, chain, outcome, deliveredBy, exitCode, threadsLongText, requiresAltText
        case attempts
    }

    init(
        report: ShareReport,
        options: ShareOptions,
        card: HistoryCard?,
        content: HistoryContent?,
        exitCode: Int32?
    ) {
        id = options.id.description
        microseconds = Int64(clamping: options.id.microseconds)
        self.card = card
        chain = HistoryRow.json(report.chain.map(\.rawValue)) ?? "[]"
        outcome = report.outcome.rawValue
        deliveredBy = report.deliveredBy?.rawValue
        self.exitCode = exitCode.map(Int64.init)
        threadsLongText = options.threadsLongText
        requiresAltText = options.requiresAltText
        notes = []
        text = nil
        images = []
        if let content {
            if let kept = content.text {
                if kept.utf8.count <= HistoryLimits.contentTextBytes {
                    text = kept
                } else {
                    notes.append(
                        "history: the text was not kept: \(kept.utf8.count) bytes, over the \(HistoryLimits.contentTextBytes) history keeps"
                    )
                }
            }
            for (index, image) in content.images.enumerated() {
                if index >= HistoryLimits.images {
                    notes.append("history: only the first \(HistoryLimits.images) images were kept")
                    break
                }
                if image.bytes.count <= HistoryLimits.imageBytes {
                    images.append(image)
                } else {
                    notes.append(
                        "history: image \(index + 1) was not kept: \(image.bytes.count) bytes, over the \(HistoryLimits.imageBytes) history keeps"
                    )
                }
            }
        }
        attempts = HistoryRow.attemptRows(report)
    }

    private static func attemptRows(_ report: ShareReport) -> [AttemptRow] {
        let attempts = report.attempts
        // The attempt the receipt belongs to: the last success at the receipt's destination.
        let receiptIndex = report.receipt.flatMap { receipt in
            attempts.lastIndex { $0.destination == receipt.destination && $0.result.succeeded }
        }
        var rows: [AttemptRow] = []
        for (index, attempt) in attempts.enumerated() {
            if index == HistoryLimits.attempts - 1 && attempts.count > HistoryLimits.attempts {
                rows.append(
                    AttemptRow(
                        destination: attempt.destination.rawValue,
                        attempt: Int64(attempt.attempt),
                        result: "omitted",
                        errorCode: nil,
                        reason: "\(attempts.count - index) more attempts were not kept",
                        durationMilliseconds: 0,
                        fellBack: false,
                        receipt: nil
                    )
                )
                break
            }
            let laterElsewhere = attempts[(index + 1)...].contains { $0.destination != attempt.destination }
            let lastHere = !attempts[(index + 1)...].contains { $0.destination == attempt.destination }
            rows.append(
                AttemptRow(
                    destination: attempt.destination.rawValue,
                    attempt: Int64(attempt.attempt),
                    result: attempt.result.rawValue,
                    errorCode: attempt.detail.map { $0.code.description },
                    reason: cut(attempt.reason, to: HistoryLimits.reasonBytes),
                    durationMilliseconds: attempt.durationMilliseconds.isFinite ? attempt.durationMilliseconds : 0,
                    fellBack: !attempt.result.succeeded && lastHere && laterElsewhere,
                    receipt: index == receiptIndex ? report.receipt.flatMap(receiptJSON) : nil
                )
            )
        }
        return rows
    }

    /// The receipt as history keeps it: summary, locations, ids and next step (no helper log).
    static func receiptJSON(_ receipt: DeliveryReceipt) -> String? {
        var kept = receipt
        kept.log = nil
        if let json = json(kept), json.utf8.count <= HistoryLimits.receiptBytes { return json }
        kept.locations = []
        kept.ids = [:]
        kept.nextStep = nil
        kept.summary = cut(kept.summary, to: HistoryLimits.reasonBytes)
        return json(kept)
    }

    private static func json(_ value: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `text` cut to at most `bytes` UTF-8 bytes at a character boundary, ending with `…`.
    static func cut(_ text: String, to bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var kept = ""
        var count = 0
        for character in text {
            let size = character.utf8.count
            if count + size > bytes - 3 { break }
            kept.append(character)
            count += size
        }
        return kept + "…"
    }
}
