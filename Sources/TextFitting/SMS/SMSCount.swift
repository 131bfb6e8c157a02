/// What an SMS costs: its encoding, the units it uses and the parts (segments) it is billed as.
public struct SMSCount: Sendable, Hashable, Codable {
    /// GSM-7 when every character is in the GSM 03.38 alphabet, else UCS-2.
    public var encoding: SMSEncoding
    /// Septets (GSM-7; an extension character counts 2) or UTF-16 code units (UCS-2).
    public var units: Int
    /// The parts the message is sent and billed as; an empty message is one.
    public var segments: Int
    /// Units still free in the last part before another part is needed.
    public var unitsLeftInLastSegment: Int

    /// Creates a count.
    public init(encoding: SMSEncoding, units: Int, segments: Int, unitsLeftInLastSegment: Int) {
        self.encoding = encoding
        self.units = units
        self.segments = segments
        self.unitsLeftInLastSegment = unitsLeftInLastSegment
    }

    /// Units each part holds: 160 or 70 for one part, 153 or 67 each for several.
    public var capacityPerSegment: Int { encoding.capacity(segments: segments) }

    /// `GSM-7, 2 segments, 161 septets (145 left in the last)`.
    public var summary: String { SMSSummaryWriter.string { $0.summary(self) } }
}
