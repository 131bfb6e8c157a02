import ShareCore

/// What an Instagram share will hand over, decided by `prepare`: the story's layout, app id and
/// link sticker, with what a dry run shows of the pasteboard item.
struct InstagramPlan: SharePlan {
    /// The hand-off `deliver` writes and starts.
    var handOff: InstagramHandOff
    /// The size of the image on the pasteboard, in bytes.
    var imageBytes: Int
    /// The pasteboard item's keys: `com.instagram.sharedSticker.{backgroundImage (N bytes), ...}`.
    var pasteboard: String

    /// `layer`, `image`, `app-id`, the gradient's colours, the link and its text, `ios-url`,
    /// `pasteboard` and `android-intent`.
    var fields: [PreparedShare.Field] {
        let layout = handOff.layout
        var fields: [PreparedShare.Field] = [
            .init("layer", layout.layer.rawValue),
            .init(
                "image",
                "\(layout.image.fileName) (\(layout.image.mimeType), \(layout.width)x\(layout.height), \(imageBytes) bytes)"
            ),
            .init("app-id", handOff.appID),
        ]
        if let gradient = layout.gradient {
            fields += [
                .init("top-color", gradient.top.description), .init("bottom-color", gradient.bottom.description),
            ]
        }
        if let link = handOff.link {
            fields.append(.init("link", link))
            if let linkText = handOff.linkText { fields.append(.init("link-text", linkText)) }
        }
        fields.append(.init("ios-url", InstagramHandOff.iosURL(appID: handOff.appID)))
        fields.append(.init("pasteboard", pasteboard))
        fields.append(
            .init(
                "android-intent",
                handOff.amStart(contentURI: "content://media/external/images/media/ID").joined(separator: " ")
            )
        )
        return fields
    }
}
