/// Why a message can't be written: the field at fault and what is wrong with it.
///
/// ``EmailDestination`` turns it into a `content-rejected` ``ShareCore/ShareError``; the message
/// names the field (`To`, `Subject`, `attachment file name`) and what to do.
public struct MailContentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault, such as `To`.
    public var field: String
    /// What is wrong and what to do.
    public var message: String

    /// Creates an error for `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `Subject: contains a line break (LF), ...`.
    public var description: String { "\(field): \(message)" }

    /// Refuses CR, LF, NUL and the other C0 controls and DEL in a header value, address or file
    /// name: a line break there would start a header of the sender's choosing.
    static func checkHeaderSafe(_ value: String, field: String) throws(MailContentError) {
        for scalar in value.unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F {
            let name: String
            switch scalar.value {
            case 0x0D: name = "a carriage return (CR)"
            case 0x0A: name = "a line feed (LF)"
            case 0x00: name = "a NUL byte"
            case 0x09: continue
            default: name = "the control character U+\(String(scalar.value, radix: 16, uppercase: true))"
            }
            throw MailContentError(
                field: field,
                message: "contains \(name), which could inject headers into the message; remove it"
            )
        }
    }
}
