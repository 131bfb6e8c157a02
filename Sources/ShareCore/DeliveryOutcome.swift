/// Whether sharevia can confirm a share arrived, or only handed it to a person or another app.
///
/// A destination says which in its ``DeliveryReceipt``, and lists the ones it can give in
/// ``DestinationDescriptor/outcomes``.
public enum DeliveryOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// sharevia confirmed it: the file is on disk, the clipboard read the bytes back, the SMTP
    /// server answered 250, an API returned the post's id.
    case delivered
    /// sharevia did everything it can (opened a web intent, fired an Android intent, printed an
    /// `sms:` or `mailto:` URI, wrote a hand-off bundle), but posting is up to a person or another
    /// app. The receipt's ``DeliveryReceipt/nextStep`` says what they must do.
    case handedOff = "handed-off"

    /// The outcome in words: `delivered`, `handed off`.
    public var phrase: String {
        switch self {
        case .delivered: return "delivered"
        case .handedOff: return "handed off"
        }
    }
}
