import ShareCore

extension SMSDestination {
    /// Who the SMS goes to, through which phone, and how it is shaped.
    ///
    /// Anything left empty or nil is read from the environment (`SHAREVIA_SMS_TO`,
    /// `SHAREVIA_SMS_DEVICE`, `SHAREVIA_SMS_SMART_ENCODING`, `SHAREVIA_SMS_MAX_SEGMENTS`) when the
    /// destination is built; flags win.
    public struct Configuration: Sendable, Hashable {
        /// The numbers to send to (`--sms-to`, repeatable). With none, the `sms:` URI leaves the
        /// choice to the person, and a phone can't send it.
        public var recipients: [PhoneNumber]
        /// The KDE Connect device id of the phone to send through, when several are paired.
        public var device: String?
        /// Replace look-alikes (curly quotes, dashes, `…`, special spaces) by GSM-7 characters when
        /// that keeps the message GSM-7.
        public var smartEncoding: Bool
        /// The most segments the message may take; longer messages are trimmed. Nil for no limit.
        public var maxSegments: Int?

        /// `SHAREVIA_SMS_TO`: comma-separated numbers.
        public static let recipientsVariable = "SHAREVIA_SMS_TO"
        /// `SHAREVIA_SMS_DEVICE`: a KDE Connect device id.
        public static let deviceVariable = "SHAREVIA_SMS_DEVICE"
        /// `SHAREVIA_SMS_SMART_ENCODING`: `1`, `true` or `yes` turns smart encoding on.
        public static let smartEncodingVariable = "SHAREVIA_SMS_SMART_ENCODING"
        /// `SHAREVIA_SMS_MAX_SEGMENTS`: a whole number of at least 1.
        public static let maxSegmentsVariable = "SHAREVIA_SMS_MAX_SEGMENTS"

        /// Creates a configuration; empty fields are filled from the environment.
        public init(
            recipients: [PhoneNumber] = [],
            device: String? = nil,
            smartEncoding: Bool = false,
            maxSegments: Int? = nil
        ) {
            self.recipients = recipients
            self.device = device
            self.smartEncoding = smartEncoding
            self.maxSegments = maxSegments
        }

        /// This configuration with its empty fields read from `environment`, or the problem with a
        /// variable (naming it, the value and the rule).
        func completed(from environment: ShareEnvironment) -> (Configuration, problem: String?) {
            var copy = self
            var problem: String?
            if copy.recipients.isEmpty, let list = environment[Self.recipientsVariable] {
                do throws(PhoneNumberError) {
                    copy.recipients = try list.split(separator: ",").map { (number) throws(PhoneNumberError) in
                        try PhoneNumber(validating: String(number))
                    }
                } catch {
                    problem = "\(Self.recipientsVariable): \(error.description)"
                }
            }
            if copy.device == nil { copy.device = environment[Self.deviceVariable] }
            if !copy.smartEncoding, let flag = environment[Self.smartEncodingVariable] {
                copy.smartEncoding = ["1", "true", "yes"].contains(flag.lowercased())
            }
            if copy.maxSegments == nil, let text = environment[Self.maxSegmentsVariable] {
                if let value = Int(text), value >= 1 {
                    copy.maxSegments = value
                } else {
                    problem = "\(Self.maxSegmentsVariable)='\(text)' is not a whole number of segments (1 or more)"
                }
            }
            return (copy, problem)
        }
    }
}
