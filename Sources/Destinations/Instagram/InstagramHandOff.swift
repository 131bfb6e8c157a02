import ShareCore

/// What Instagram is handed on each platform: the iOS URL, the Android intent, and the `adb`
/// commands that deliver the intent to a phone from this machine.
struct InstagramHandOff: Sendable, Hashable {
    var layout: InstagramStoryLayout
    var appID: String
    var link: String?
    var linkText: String?

    /// The folder images are pushed to on the device.
    static let deviceFolder = "/sdcard/Pictures/sharevia"
    /// Instagram's Android package and its story action.
    static let package = "com.instagram.android"
    static let action = "com.instagram.share.ADD_TO_STORY"

    /// `instagram-stories://share?source_application=APPID`, opened on iOS after the pasteboard is set.
    static func iosURL(appID: String) -> String {
        PercentEncoding.url("instagram-stories://share", [("source_application", appID)])
    }

    /// The pasteboard item for iOS.
    func pasteboardItem() throws(ShareError) -> InstagramPasteboardItem {
        let bytes = try layout.image.data()
        var item = InstagramPasteboardItem()
        switch layout.layer {
        case .background: item.backgroundImage = bytes
        case .sticker:
            item.stickerImage = bytes
            item.backgroundTopColor = layout.gradient?.top.description
            item.backgroundBottomColor = layout.gradient?.bottom.description
        }
        item.contentURL = link
        item.linkURL = link
        item.linkText = link == nil ? nil : linkText
        return item
    }

    /// The intent's string extras, in the order `am start` gets them.
    var extras: [(String, String)] {
        var extras = [("source_application", appID)]
        if let gradient = layout.gradient {
            extras += [
                ("top_background_color", gradient.top.description),
                ("bottom_background_color", gradient.bottom.description),
            ]
        }
        if let link {
            extras += [("content_url", link), ("link_url", link)]
            if let linkText { extras.append(("link_text", linkText)) }
        }
        return extras
    }

    /// The arguments after `adb -s SERIAL shell`: `am start` with the image's content URI as the
    /// data (background) or the `interactive_asset_uri` extra (sticker), each value quoted for
    /// the device's shell.
    func amStart(contentURI: String) -> [String] {
        var arguments = ["am", "start", "-a", Self.action, "-p", Self.package, "-t", layout.image.mimeType]
        switch layout.layer {
        case .background: arguments += ["-d", contentURI, "--grant-read-uri-permission"]
        case .sticker: arguments += ["--eu", "interactive_asset_uri", contentURI, "--grant-read-uri-permission"]
        }
        for (key, value) in extras { arguments += ["--es", key, Self.deviceQuoted(value)] }
        return arguments
    }

    /// `value` in single quotes for the device's `sh`, which `adb shell` passes the joined words to.
    static func deviceQuoted(_ value: String) -> String {
        "'" + value.replacing("'", with: "'\\''") + "'"
    }

    /// The whole hand-off for a phone on `adb`, as one shell line a person can run from the bundle
    /// folder: push the image, have the media scanner index it, look up its content URI, start the
    /// intent.
    func androidShellLine(imageFile: String) -> String {
        let remote = "\(Self.deviceFolder)/\(imageFile)"
        let start = amStart(contentURI: "content://media/external/images/media/$id").map { word in
            word.hasPrefix("'") ? "\"\(word)\"" : word
        }
        return [
            "adb push \(Self.deviceQuoted(imageFile)) \(Self.deviceQuoted(remote))",
            "adb shell am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE -d \(Self.deviceQuoted("file://" + remote))",
            "id=$(adb shell content query --uri content://media/external/images/media --projection _id --where \"\\\"_display_name='\(imageFile)'\\\"\" | sed -n 's/.*_id=\\([0-9]*\\).*/\\1/p' | tail -n 1)",
            "adb shell " + start.joined(separator: " "),
        ].joined(separator: " && ")
    }
}
