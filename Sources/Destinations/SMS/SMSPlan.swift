import ShareCore
import TextFitting

/// What an SMS share will send, decided by `prepare`: the recipients, the count of the message
/// (the prepared share's text) and the `sms:` URI that hands it off when no phone sends it.
struct SMSPlan: SharePlan {
    /// Who gets the message; empty when it is chosen in the messaging app.
    var recipients: [PhoneNumber]
    /// The message's encoding, units and segments.
    var count: SMSCount
    /// The `sms:` URI with the recipients and the message.
    var uri: String
    /// The KDE Connect device asked for, if any.
    var device: String?

    /// `UCS-2, 2 segments`, for the receipt.
    var segments: String {
        "\(count.encoding.rawValue), \(count.segments) segment\(count.segments == 1 ? "" : "s")"
    }

    /// `recipients`, `encoding`, `segments`, `units`, `sms-uri` and `device` (when set).
    var fields: [PreparedShare.Field] {
        var fields: [PreparedShare.Field] = [
            .init(
                "recipients",
                recipients.isEmpty
                    ? "(none: chosen in the messaging app)" : recipients.map(\.description).joined(separator: ",")
            ),
            .init("encoding", count.encoding.rawValue),
            .init("segments", String(count.segments)),
            .init(
                "units",
                "\(count.units) \(count.encoding.unitName), \(count.unitsLeftInLastSegment) left in the last segment"
            ),
            .init("sms-uri", uri),
        ]
        if let device { fields.append(.init("device", device)) }
        return fields
    }
}
