/// What a destination is and what it accepts, as data the router, `--help` and
/// `sharevia destinations` can read without calling the destination.
public struct DestinationDescriptor: Sendable, Hashable, Codable {
    /// The stable id used in chains and reports.
    public var id: DestinationID
    /// Other ids that resolve to this destination (`twitter` for `x`).
    public var aliases: [DestinationID]
    /// The name shown to people, such as "Instagram Stories".
    public var displayName: String
    /// One sentence on what delivering here does, for `sharevia destinations`.
    public var summary: String
    /// Which parts of a share the destination can carry.
    public var capabilities: Capabilities
    /// The text limit, when the destination has one.
    public var textLimit: TextLimit?
    /// Which images it takes, when it takes images.
    public var imageConstraints: ImageConstraints?
    /// The outcomes its receipts can carry: `[.delivered]` for a destination that confirms every
    /// delivery, `[.handedOff]` for one that only hands shares to a person or another app (a web
    /// intent), both for one that confirms when it can (email with and without an SMTP server).
    public var outcomes: [DeliveryOutcome]
    /// The size of card to draw for it when the content draws its own (``CardImageSource``) and
    /// it carries images or files, such as 1200x675; nil for ``imageConstraints``' preferred
    /// size, else a 1080x1920 story.
    public var preferredCardSize: PixelSize?

    /// Creates a descriptor; only the id, display name and capabilities are required, and
    /// ``outcomes`` defaults to `[.delivered]`.
    public init(
        id: DestinationID,
        aliases: [DestinationID] = [],
        displayName: String,
        summary: String = "",
        capabilities: Capabilities,
        textLimit: TextLimit? = nil,
        imageConstraints: ImageConstraints? = nil,
        outcomes: [DeliveryOutcome] = [.delivered],
        preferredCardSize: PixelSize? = nil
    ) {
        self.id = id
        self.aliases = aliases
        self.displayName = displayName
        self.summary = summary
        self.capabilities = capabilities
        self.textLimit = textLimit
        self.imageConstraints = imageConstraints
        self.outcomes = outcomes
        self.preferredCardSize = preferredCardSize
    }

    /// The size a card is drawn at for this destination: ``preferredCardSize``, else the image
    /// constraints' preferred size, else a story.
    public var cardSize: PixelSize { preferredCardSize ?? imageConstraints?.preferredSize ?? .story }

    /// True when the router should draw the content's card for it: it carries images or files
    /// (a card size alone is not enough: a destination that can't carry the card would drop it).
    public var wantsCardImage: Bool {
        !capabilities.isDisjoint(with: [.image, .files])
    }

    /// The parts of a share a destination can carry.
    public struct Capabilities: OptionSet, Sendable, Hashable, Codable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Plain text (title and body).
        public static let text = Capabilities(rawValue: 1 << 0)
        /// A link.
        public static let link = Capabilities(rawValue: 1 << 1)
        /// Hashtags.
        public static let hashtags = Capabilities(rawValue: 1 << 2)
        /// One image.
        public static let image = Capabilities(rawValue: 1 << 3)
        /// More than one image, or files that are not images.
        public static let files = Capabilities(rawValue: 1 << 4)

        /// Everything: text, link, hashtags, images and other files.
        public static let all: Capabilities = [.text, .link, .hashtags, .image, .files]

        /// Names of the capabilities in the set, for listings and JSON.
        public var names: [String] {
            var names: [String] = []
            if contains(.text) { names.append("text") }
            if contains(.link) { names.append("link") }
            if contains(.hashtags) { names.append("hashtags") }
            if contains(.image) { names.append("image") }
            if contains(.files) { names.append("files") }
            return names
        }
    }

    /// A destination's text limit, as shown to people: `280 weighted characters`.
    public struct TextLimit: Sendable, Hashable, Codable {
        /// The largest count that fits.
        public var maximum: Int
        /// What is counted, such as "weighted characters (URLs count 23)" or "graphemes".
        public var unit: String
        public init(maximum: Int, unit: String) {
            self.maximum = maximum
            self.unit = unit
        }
    }

    /// Which images a destination takes.
    public struct ImageConstraints: Sendable, Hashable, Codable {
        /// Accepted MIME types, such as `image/png`.
        public var mimeTypes: [String]
        /// The largest file, in bytes, or nil for no limit.
        public var maximumBytes: Int?
        /// The preferred canvas (width, height), such as 1080x1920, or nil.
        public var preferredSize: PixelSize?
        public init(mimeTypes: [String], maximumBytes: Int? = nil, preferredSize: PixelSize? = nil) {
            self.mimeTypes = mimeTypes
            self.maximumBytes = maximumBytes
            self.preferredSize = preferredSize
        }
    }

    /// A width and height in pixels.
    public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
        public var description: String { "\(width)x\(height)" }
        /// 1080x1920, a story: the card size when a destination names none.
        public static let story = PixelSize(width: 1080, height: 1920)
    }
}
