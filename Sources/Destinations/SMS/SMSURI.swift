/// `sms:` URIs (RFC 5724): `sms:+14155550123,+14155550124?body=Seven%20days`.
///
/// The recipients are telephone subscribers (RFC 3966, without separators), comma separated; the
/// body is the message's UTF-8 bytes percent-encoded (everything but `A-Z a-z 0-9 - . _ ~`), so a
/// line feed is `%0A` and a space `%20`. A phone's messaging app opens it with the message written
/// and the recipients filled in.
public enum SMSURI {
    /// The URI for `recipients` (possibly none: the person then picks them) and `body`.
    public static func make(recipients: [PhoneNumber], body: String) -> String {
        let base = "sms:" + recipients.map(\.description).joined(separator: ",")
        return body.isEmpty ? base : base + "?body=" + PercentEncoding.encode(body)
    }

    /// The recipients and body of an `sms:` URI, decoded; nil when it is not one or is malformed.
    public static func parse(_ uri: String) -> (recipients: [String], body: String)? {
        guard uri.hasPrefix("sms:") else { return nil }
        let rest = uri.dropFirst(4)
        let question = rest.firstIndex(of: "?")
        let recipientText = question.map { rest[..<$0] } ?? rest
        var recipients: [String] = []
        for recipient in recipientText.split(separator: ",") {
            guard let decoded = PercentEncoding.decode(String(recipient)) else { return nil }
            recipients.append(decoded)
        }
        var body = ""
        if let question {
            for field in rest[rest.index(after: question)...].split(separator: "&") {
                let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, let value = PercentEncoding.decode(String(pair[1])) else { return nil }
                if pair[0] == "body" { body = value }
            }
        }
        return (recipients, body)
    }
}
