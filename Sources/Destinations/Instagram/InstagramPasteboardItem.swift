#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one pasteboard item Instagram reads on iOS, with Meta's keys
/// (<https://developers.facebook.com/docs/instagram-platform/sharing-to-stories>), encoded as an
/// Apple binary property list: what `UIPasteboard.general.setItems([item], options:
/// [.expirationDate: now + 5 minutes])` takes before opening ``InstagramHandOff/iosURL(appID:)``.
///
/// `linkURL` and `linkText` are not in Meta's documentation; apps have used them since late 2024
/// to fill the link sticker, which otherwise appears blank.
struct InstagramPasteboardItem: Codable, Hashable, Sendable {
    var backgroundImage: Data?
    var stickerImage: Data?
    var backgroundTopColor: String?
    var backgroundBottomColor: String?
    var contentURL: String?
    var linkURL: String?
    var linkText: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case backgroundImage = "com.instagram.sharedSticker.backgroundImage"
        case stickerImage = "com.instagram.sharedSticker.stickerImage"
        case backgroundTopColor = "com.instagram.sharedSticker.backgroundTopColor"
        case backgroundBottomColor = "com.instagram.sharedSticker.backgroundBottomColor"
        case contentURL = "com.instagram.sharedSticker.contentURL"
        case linkURL = "com.instagram.sharedSticker.linkURL"
        case linkText = "com.instagram.sharedSticker.linkText"
    }

    /// How long the item should live on the pasteboard: 5 minutes.
    static let expirationSeconds = 300

    /// The pasteboard items (one) as a binary property list.
    func binaryPropertyList() throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try encoder.encode([self])
    }
}
