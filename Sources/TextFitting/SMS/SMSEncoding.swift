/// How an SMS is encoded, which decides how much fits in one part.
public enum SMSEncoding: String, Sendable, Hashable, Codable, CaseIterable {
    /// GSM 03.38 default alphabet, 7 bits a character (an extension character takes two).
    case gsm7 = "GSM-7"
    /// UCS-2 as handsets send it: UTF-16 code units, 2 for an astral character (a surrogate pair).
    case ucs2 = "UCS-2"

    /// The units one unsplit message holds: 160 septets, or 70 UTF-16 code units.
    @inline(__always)
    public var singleCapacity: Int { self == .gsm7 ? 160 : 70 }

    /// The units each part of a concatenated message holds once its 6-byte header is taken:
    /// 153 septets, or 67 UTF-16 code units.
    @inline(__always)
    public var partCapacity: Int { self == .gsm7 ? 153 : 67 }

    /// What is counted: `septets` or `UTF-16 units`.
    public var unitName: String { self == .gsm7 ? "septets" : "UTF-16 units" }

    /// The capacity of each part of a message of `segments` parts.
    public func capacity(segments: Int) -> Int { segments > 1 ? partCapacity : singleCapacity }
}
