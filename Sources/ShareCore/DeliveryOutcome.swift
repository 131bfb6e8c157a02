/// Whether sharevia can confirm a share arrived, or only handed it to a person or another app.
///
/// A destination says which in its ``DeliveryReceipt``, and lists the ones it can give in
/// ``DestinationDescriptor/outcomes``. A struct over a private enum, so outcomes can be added
/// without breaking a `switch`: compare with `==`.
public struct DeliveryOutcome: RawRepresentable, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    private enum Base: String, Sendable, CaseIterable {
        case delivered
        case handedOff = "handed-off"
    }
    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// The outcome with this stable string (`delivered`, `handed-off`), if there is one.
    public init?(rawValue: String) {
        guard let base = Base(rawValue: rawValue) else { return nil }
        self.base = base
    }

    /// sharevia confirmed it: the file is on disk, the clipboard read the bytes back, the SMTP
    /// server answered 250, an API returned the post's id.
    public static let delivered = DeliveryOutcome(.delivered)
    /// sharevia did everything it can (opened a web intent, fired an Android intent, printed an
    /// `sms:` or `mailto:` URI, wrote a hand-off bundle), but posting is up to a person or another
    /// app. The receipt's ``DeliveryReceipt/nextStep`` says what they must do.
    public static let handedOff = DeliveryOutcome(.handedOff)

    /// Every outcome, in order.
    public static var allCases: [DeliveryOutcome] { Base.allCases.map(DeliveryOutcome.init) }

    /// The stable string: `delivered`, `handed-off`.
    public var rawValue: String { base.rawValue }
    public var description: String { base.rawValue }

    /// The outcome in words: `delivered`, `handed off`.
    public var phrase: String { String(rawValue.map { $0 == "-" ? " " : $0 }) }
}
