/// The numbers behind X's weighted length, as twitter-text publishes them in `config/v*.json`.
///
/// Every character weighs ``defaultWeight`` unless its code point is in one of ``ranges``; every
/// URL weighs ``transformedURLLength`` × ``scale``; with ``emojiParsingEnabled`` an emoji
/// sequence weighs ``defaultWeight`` however many code points it has. The weighted length is
/// the sum divided by ``scale``.
public struct TwitterTextConfiguration: Sendable, Hashable, Codable {
    /// A range of code points and the weight of each.
    public struct WeightedRange: Sendable, Hashable, Codable {
        /// The first code point.
        public var start: UInt32
        /// The last code point (inclusive).
        public var end: UInt32
        /// The weight of each code point in the range.
        public var weight: Int

        /// Creates a range.
        public init(start: UInt32, end: UInt32, weight: Int) {
            self.start = start
            self.end = end
            self.weight = weight
        }
    }

    /// The configuration's version.
    public var version: Int
    /// The largest weighted length that is valid.
    public var maxWeightedTweetLength: Int
    /// What weights are divided by.
    public var scale: Int
    /// The weight of a code point outside every range.
    public var defaultWeight: Int
    /// Whether emoji sequences weigh ``defaultWeight`` as a whole.
    public var emojiParsingEnabled: Bool
    /// What every URL counts as, however long it is.
    public var transformedURLLength: Int
    /// Code point ranges with their own weight.
    public var ranges: [WeightedRange]

    /// Creates a configuration.
    public init(
        version: Int,
        maxWeightedTweetLength: Int,
        scale: Int,
        defaultWeight: Int,
        emojiParsingEnabled: Bool,
        transformedURLLength: Int,
        ranges: [WeightedRange]
    ) {
        self.version = version
        self.maxWeightedTweetLength = maxWeightedTweetLength
        self.scale = scale
        self.defaultWeight = defaultWeight
        self.emojiParsingEnabled = emojiParsingEnabled
        self.transformedURLLength = transformedURLLength
        self.ranges = ranges
    }

    private enum CodingKeys: String, CodingKey {
        case version, maxWeightedTweetLength, scale, defaultWeight, emojiParsingEnabled, transformedURLLength, ranges
    }

    /// Decodes twitter-text's JSON, where `emojiParsingEnabled` may be missing (false).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        maxWeightedTweetLength = try container.decode(Int.self, forKey: .maxWeightedTweetLength)
        scale = try container.decode(Int.self, forKey: .scale)
        defaultWeight = try container.decode(Int.self, forKey: .defaultWeight)
        emojiParsingEnabled = try container.decodeIfPresent(Bool.self, forKey: .emojiParsingEnabled) ?? false
        transformedURLLength = try container.decode(Int.self, forKey: .transformedURLLength)
        ranges = try container.decode([WeightedRange].self, forKey: .ranges)
    }

    private static let lightRanges = [
        WeightedRange(start: 0, end: 4351, weight: 100),
        WeightedRange(start: 8192, end: 8205, weight: 100),
        WeightedRange(start: 8208, end: 8223, weight: 100),
        WeightedRange(start: 8242, end: 8247, weight: 100),
    ]

    /// `config/v2.json`: weighted, 280, no emoji discount.
    public static let v2 = TwitterTextConfiguration(
        version: 2,
        maxWeightedTweetLength: 280,
        scale: 100,
        defaultWeight: 200,
        emojiParsingEnabled: false,
        transformedURLLength: 23,
        ranges: lightRanges
    )

    /// `config/v3.json`: as v2, and every emoji sequence counts 2. What X uses today.
    public static let v3 = TwitterTextConfiguration(
        version: 3,
        maxWeightedTweetLength: 280,
        scale: 100,
        defaultWeight: 200,
        emojiParsingEnabled: true,
        transformedURLLength: 23,
        ranges: lightRanges
    )

    /// The weight of one code point.
    @inline(__always)
    func weight(of value: UInt32) -> Int {
        for range in ranges where value >= range.start && value <= range.end { return range.weight }
        return defaultWeight
    }
}
