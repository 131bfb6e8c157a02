import ShareCore

extension InstagramDestination {
    /// How the Instagram Stories hand-off is built and delivered.
    public struct Configuration: Sendable, Hashable {
        /// The Facebook App ID Instagram requires (`--instagram-app-id`,
        /// `SHAREVIA_INSTAGRAM_APP_ID`); without one Instagram shows "The app you shared from
        /// doesn't currently support sharing to Stories", so the destination is unavailable.
        public var appID: String?
        /// Which layer the image becomes; ``Placement/automatic`` decides by its shape.
        public var placement: Placement
        /// The gradient's top colour behind a sticker; the sticker's own top edge colour if nil.
        public var topColor: HexColor?
        /// The gradient's bottom colour behind a sticker; the sticker's own bottom edge colour if nil.
        public var bottomColor: HexColor?
        /// Place any image on a 1080x1920 canvas (over its edge colours) and send that as the background.
        public var fit: Bool
        /// The `adb` serial of the device to use when several are attached.
        public var device: String?
        /// Where the hand-off bundle is written when no device is attached; nil for the share folder.
        public var outputDirectory: String?

        /// The environment variable the app id is read from when not configured.
        public static let appIDVariable = "SHAREVIA_INSTAGRAM_APP_ID"

        /// Creates a configuration; by default the app id comes from the environment.
        public init(
            appID: String? = nil,
            placement: Placement = .automatic,
            topColor: HexColor? = nil,
            bottomColor: HexColor? = nil,
            fit: Bool = false,
            device: String? = nil,
            outputDirectory: String? = nil
        ) {
            self.appID = appID
            self.placement = placement
            self.topColor = topColor
            self.bottomColor = bottomColor
            self.fit = fit
            self.device = device
            self.outputDirectory = outputDirectory
        }
    }

    /// Which layer of the story the image becomes.
    public enum Placement: String, Sendable, Hashable, CaseIterable {
        /// A 9:16 or 9:18 image at least 720x1280 is the background; anything else a sticker.
        case automatic = "auto"
        /// The full-screen background layer.
        case background
        /// A sticker over a gradient of two colours.
        case sticker
    }
}

/// A colour written `#RRGGBB`, the only form Instagram's colour keys take.
public struct HexColor: Sendable, Hashable, CustomStringConvertible {
    /// `#RRGGBB`, upper case.
    public let description: String

    /// Parses `#RRGGBB` (any case); nil for anything else.
    public init?(_ text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
            digits.dropFirst().allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else { return nil }
        description = text.uppercased()
    }
}
