import ShareCore
import ShareHistory

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The outbox's stored-request parser for the `outbox-request` fuzz target (`Fuzz/`): any bytes
/// as `outbox_items.request`. ShareHistory's API is `package`; this is the one way in from outside
/// the package.
@_spi(Fuzzing)
public enum OutboxRequestFuzzing {
    /// What became of the bytes.
    public struct Outcome: Sendable, Hashable {
        /// Whether the bytes were read as a request (with no attachment, or with one).
        public var accepted: Bool
        /// Whether what was read, written and read again, is the same request.
        public var roundTrips: Bool
        /// Whether every field of what was read is within its cap.
        public var withinCaps: Bool
        /// The refusal's field and message, when refused.
        public var refusal: String?
    }

    /// Reads `bytes` as a stored request, with no attachment and then with one; writes what was
    /// read and reads it again.
    public static func read(_ bytes: [UInt8]) -> Outcome {
        let card = ShareAttachment.bytes(Data([0x89, 0x50, 0x4e, 0x47]), mimeType: "image/png", fileName: "card.png")
        var refusal: String?
        for attachments in [[], [card]] {
            let request: OutboxRequest
            do {
                request = try OutboxRequest(decoding: bytes, attachments: attachments)
            } catch {
                refusal = error.description
                continue
            }
            let again = try? OutboxRequest(decoding: request.encoded(), attachments: attachments)
            let within =
                request.content.text.utf8.count <= OutboxLimits.textBytes
                && request.content.hashtags.count <= OutboxLimits.hashtags
                && request.flags.count <= OutboxLimits.flags
                && request.flags.values.allSatisfy { $0.allSatisfy { !URLCredentials.hasCredentials($0) } }
            return Outcome(accepted: true, roundTrips: again == request, withinCaps: within, refusal: nil)
        }
        return Outcome(accepted: false, roundTrips: true, withinCaps: true, refusal: refusal)
    }
}
