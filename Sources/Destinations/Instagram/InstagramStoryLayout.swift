import ImagePipeline
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Meta's rules for a story's image, checked from the file's header before anything is sent:
/// <https://developers.facebook.com/docs/instagram-platform/sharing-to-stories>.
enum InstagramImageRules {
    /// The smallest background Instagram takes.
    static let minimumBackground = (width: 720, height: 1280)
    /// The background ratios Meta recommends, height over width: 16/9 and 18/9.
    static let backgroundRatios: [Double] = [16.0 / 9.0, 18.0 / 9.0]
    /// How far from a ratio still counts as it (1%): 1080x1920 and 1080x2160, but also 1242x2208.
    static let ratioTolerance = 0.01
    /// The largest image sharevia hands over: beyond it the pasteboard and intents get slow or fail.
    static let maximumBytes = 20 << 20

    /// Whether an image of this size can be a background.
    static func fitsBackground(width: Int, height: Int) -> Bool {
        guard width >= minimumBackground.width, height >= minimumBackground.height else { return false }
        let ratio = Double(height) / Double(width)
        return backgroundRatios.contains { abs(ratio - $0) / $0 <= ratioTolerance }
    }

    /// "1080x1350 is 4:5", for messages.
    static func describe(width: Int, height: Int) -> String {
        let ratio = Double(height) / Double(width)
        return "\(width)x\(height) (height/width \((ratio * 100).rounded() / 100))"
    }
}

/// What the story will show: the image as background or as a sticker over two colours.
struct InstagramStoryLayout: Sendable, Hashable {
    enum Layer: String, Sendable, Hashable {
        case background, sticker
    }

    /// The two colours of the gradient behind a sticker.
    struct Gradient: Sendable, Hashable {
        var top: HexColor
        var bottom: HexColor
    }

    var layer: Layer
    var image: ShareAttachment
    var width: Int
    var height: Int
    /// The gradient behind a sticker; nil for a background (Instagram ignores colours then).
    var gradient: Gradient?
    var notes: [String]

    /// Decides the layout for `attachment` under `configuration`, applying Meta's rules.
    ///
    /// - Throws: ``ShareError`` `contentRejected` naming the rule and what to do.
    static func plan(
        _ attachment: ShareAttachment,
        configuration: InstagramDestination.Configuration
    ) throws(ShareError) -> InstagramStoryLayout {
        let id = DestinationID.instagram
        // The size first, from its reader, so a huge file is refused without being read.
        let size = attachment.byteCount ?? 0
        guard size <= InstagramImageRules.maximumBytes else {
            throw ShareError(
                .contentRejected,
                destination: id,
                message:
                    "\(attachment.fileName) is \(size) bytes; Instagram hand-offs take at most \(InstagramImageRules.maximumBytes >> 20) MiB: make it smaller",
                detail: .init(.imageTooLarge, value: "\(InstagramImageRules.maximumBytes)", found: ["\(size)"])
            )
        }
        // The limit again while reading: a file that grew since the check stops one byte over.
        let bytes = try attachment.data(
            limit: InstagramImageRules.maximumBytes,
            rule: "the \(InstagramImageRules.maximumBytes >> 20) MiB limit of Instagram hand-offs"
        )
        let info: ImageInfo
        do {
            info = try ImageInspector().inspect(data: [UInt8](bytes))
        } catch {
            throw ShareError(
                .contentRejected,
                destination: id,
                message: "\(attachment.fileName) can't go to Instagram Stories: \(error)",
                underlying: error
            )
        }
        var notes: [String] = []
        if configuration.fit {
            let fitted: FittedImage
            do {
                fitted = try CanvasFitter(canvas: .story).fit(data: [UInt8](bytes))
            } catch {
                throw ShareError(
                    .contentRejected,
                    destination: id,
                    message: "\(attachment.fileName) could not be fitted onto 1080x1920: \(error)",
                    underlying: error
                )
            }
            let png: [UInt8]
            do {
                png = try PNGEncoder().encode(fitted.image)
            } catch {
                throw ShareError(.permanent, destination: id, message: "encoding the fitted story failed: \(error)")
            }
            let stem = attachment.fileName.split(separator: ".").dropLast().joined(separator: ".")
            let name = (stem.isEmpty ? attachment.fileName : stem) + "-story.png"
            notes.append("fitted \(info.width)x\(info.height) onto a 1080x1920 canvas")
            return InstagramStoryLayout(
                layer: .background,
                image: .bytes(Data(png), mimeType: "image/png", fileName: name),
                width: 1080,
                height: 1920,
                gradient: nil,
                notes: notes + colorNotes(configuration, ignored: true)
            )
        }
        let fitsBackground = InstagramImageRules.fitsBackground(width: info.width, height: info.height)
        let layer: Layer
        switch configuration.placement {
        case .automatic:
            layer = fitsBackground ? .background : .sticker
            if !fitsBackground {
                notes.append(
                    "\(InstagramImageRules.describe(width: info.width, height: info.height)) is not a 9:16 or 9:18 background of at least 720x1280, so it is a sticker over a gradient (Configuration.fit makes it a background)"
                )
            }
        case .background:
            guard fitsBackground else {
                throw notABackground(attachment.fileName, width: info.width, height: info.height)
            }
            layer = .background
        case .sticker:
            layer = .sticker
        }
        guard layer == .sticker else {
            return InstagramStoryLayout(
                layer: .background,
                image: .bytes(bytes, mimeType: attachment.mimeType, fileName: attachment.fileName),
                width: info.width,
                height: info.height,
                gradient: nil,
                notes: notes + colorNotes(configuration, ignored: true)
            )
        }
        var edges: Gradient?
        if configuration.topColor == nil || configuration.bottomColor == nil {
            do {
                let measured = try EdgeColors(data: [UInt8](bytes))
                edges = Gradient(top: HexColor(measured.top.hex)!, bottom: HexColor(measured.bottom.hex)!)
            } catch {
                notes.append(
                    "edge colours could not be measured (\(error)); the gradient is black where Configuration.topColor/bottomColor are not given"
                )
            }
        }
        let black = HexColor("#000000")!
        let gradient = Gradient(
            top: configuration.topColor ?? edges?.top ?? black,
            bottom: configuration.bottomColor ?? edges?.bottom ?? black
        )
        return InstagramStoryLayout(
            layer: .sticker,
            image: .bytes(bytes, mimeType: attachment.mimeType, fileName: attachment.fileName),
            width: info.width,
            height: info.height,
            gradient: gradient,
            notes: notes
        )
    }

    private static func colorNotes(_ configuration: InstagramDestination.Configuration, ignored: Bool) -> [String] {
        guard ignored, configuration.topColor != nil || configuration.bottomColor != nil else { return [] }
        return ["Configuration.topColor/bottomColor not carried: Instagram ignores colours behind a background image"]
    }
}

extension DestinationID {
    /// Instagram Stories.
    public static let instagram: DestinationID = "instagram"
}

extension InstagramStoryLayout {
    /// The error for an image placed as a background that is not shaped like one.
    static func notABackground(_ fileName: String, width: Int, height: Int) -> ShareError {
        let rule = "a story background must be 9:16 or 9:18 and at least 720x1280"
        typealias Settings = InstagramDestination.Settings
        let advice: SettingAdvice =
            "\(rule). Pass \(flag: Settings.fit) to place it on a 1080x1920 canvas, or \(flag: Settings.placement) sticker"
        return ShareError(
            .contentRejected,
            destination: .instagram,
            message: "\(fileName) is \(InstagramImageRules.describe(width: width, height: height)); \(rule)",
            detail: .init(
                .imageLayout,
                setting: "fit",
                value: "\(width)x\(height)",
                mentions: [SettingMention(rule, advice: advice)]
            )
        )
    }

    /// Where the layout's notes name a setting: the fit, and the gradient's colours.
    static let mentions = [
        SettingMention("Configuration.fit", setting: InstagramDestination.Settings.fit),
        SettingMention(
            "Configuration.topColor/bottomColor",
            advice:
                "\(flag: InstagramDestination.Settings.topColor)/\(flag: InstagramDestination.Settings.bottomColor)"
        ),
    ]
}
