/// A destination's stable id, such as `instagram`, `x`, `email`, `file` or `clipboard`.
///
/// Ids are lowercase ASCII letters, digits and `-`; they appear in chains, reports and
/// `SHAREVIA_UNAVAILABLE`, so they never change once published.
public struct DestinationID: RawRepresentable, Hashable, Sendable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// True when the id is non-empty and uses only `a-z`, `0-9` and `-`.
    public var isWellFormed: Bool {
        !rawValue.isEmpty
            && rawValue.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The ids in a comma-separated list such as `"x, Mastodon,,file"`: trimmed, lowercased,
    /// empty entries dropped. Used by `--to`, `--fallback`, `--unavailable` and `SHAREVIA_UNAVAILABLE`.
    public static func list(parsing text: String) -> [DestinationID] {
        text.split(separator: ",").compactMap { name in
            let trimmed = name.trimmingWhitespace()
            return trimmed.isEmpty ? nil : DestinationID(trimmed.lowercased())
        }
    }

    /// Writes files into a folder. The last link of every default chain.
    public static let file: DestinationID = "file"
    /// The desktop clipboard. The second-to-last link of every default chain.
    public static let clipboard: DestinationID = "clipboard"
}
