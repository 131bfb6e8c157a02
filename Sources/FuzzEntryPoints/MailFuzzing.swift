import Destinations

/// The address parser and the MIME writer for the `mime-write` fuzz target (`Fuzz/`). Their
/// types are `package`; this is the one way in from outside the package.
@_spi(Fuzzing)
public enum MailFuzzing {
    /// An address the parser accepted.
    public struct Address: Sendable {
        fileprivate let parsed: MailAddress
        /// `local@domain`, as it goes into the envelope and the headers.
        public var addrSpec: String { parsed.addrSpec }
    }

    /// A message to write: the addresses, the subject, the body and one PNG attachment.
    public struct Message: Sendable {
        /// The sender, if any.
        public var from: Address?
        /// The recipients.
        public var to: [Address] = []
        /// The copied recipients.
        public var cc: [Address] = []
        /// The subject line.
        public var subject = ""
        /// The body text.
        public var text = ""
        /// Whether an HTML part is written beside the text.
        public var html = false
        /// The attachment's file name.
        public var fileName = ""
        /// The attachment's bytes (`image/png`).
        public var attachment: [UInt8] = []

        /// An empty message.
        public init() {}
    }

    /// The longest address, in octets, the parser accepts.
    public static var maximumAddressLength: Int { MailAddress.maximumLength }

    /// `text` parsed as an address of the header `field`, or the parser's refusal.
    public static func address(_ text: String, field: String) -> Result<Address, MailContentError> {
        do throws(MailContentError) {
            return .success(Address(parsed: try MailAddress(parsing: text, field: field)))
        } catch {
            return .failure(error)
        }
    }

    /// The bytes of `message` with a fixed date and token, or the writer's refusal.
    public static func write(_ message: Message) -> Result<[UInt8], MailContentError> {
        let mail = MailMessage(
            from: message.from?.parsed,
            to: message.to.map(\.parsed),
            cc: message.cc.map(\.parsed),
            subject: message.subject,
            text: message.text,
            html: message.html,
            attachments: [MailAttachment(fileName: message.fileName, mimeType: "image/png", bytes: message.attachment)]
        )
        let stamp = MessageStamp(secondsSince1970: 1_736_240_700, token: "0123456789abcdef0123456789abcdef")
        do throws(MailContentError) {
            return .success(try MailMessageWriter().write(mail, stamp: stamp))
        } catch {
            return .failure(error)
        }
    }
}
